/** The SQLSTATE of a failed query, looking through drizzle's wrapper to the driver's error. */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique index refused the row: someone else saved the same thing first. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** A foreign key refused the change: a referenced or referencing row appeared meanwhile. */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';
