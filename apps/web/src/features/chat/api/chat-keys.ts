/** Query keys of the chat feature; mutations and live pushes update through these. */
export const chatKeys = {
  all: ['chat'] as const,
  rooms: (jobId: number) => [...chatKeys.all, 'rooms', jobId] as const,
  messages: (roomId: number) => [...chatKeys.all, 'messages', roomId] as const,
  users: (jobId: number) => [...chatKeys.all, 'users', jobId] as const,
  file: (url: string) => [...chatKeys.all, 'file', url] as const,
};
