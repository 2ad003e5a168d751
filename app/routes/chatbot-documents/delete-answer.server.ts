import { redirectWithToast } from "~/lib/toast.server";

/**
 * The answer to a confirmed delete of an assistant or a document: back to `to` with the success
 * toast, or with the module's refusal (a sync with the legacy system that failed) as a danger toast.
 */
export function answerDelete(
  to: string,
  deleted: { ok: true } | { ok: false; refusal: { title: string; message: string } },
  done: { title: string; message: string },
) {
  return redirectWithToast(to, deleted.ok ? { ...done, variant: "success" } : { ...deleted.refusal, variant: "danger" });
}
