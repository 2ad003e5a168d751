import { z } from "zod";

export const toastVariants = ["success", "info", "warning", "danger"] as const;
export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  title: z.string(),
  message: z.string().default(""),
  variant: z.enum(toastVariants).default("info"),
  /** Auto-hide delay with JavaScript; the spec uses 5 s, some messages 3 s or 8 s. */
  durationMs: z.number().int().min(1000).max(30000).default(5000),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;
