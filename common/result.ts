import { z } from 'zod';

/** An error the UI can explain: a stable code, a message for logs, never a secret. */
export const AppErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type AppError = z.infer<typeof AppErrorSchema>;

/** Everything that crosses the bridge comes back as a value, so a failure keeps its code. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: string, message: string): Result<never> {
  return { ok: false, error: { code, message } };
}
