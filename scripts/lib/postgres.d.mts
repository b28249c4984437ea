export function hasPostgres(): boolean;
export function startPostgres(): Promise<{ url: string; stop: () => void }>;
export function freePort(): Promise<number>;
