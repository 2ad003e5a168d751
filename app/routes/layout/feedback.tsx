import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import { FeedbackPageForm, type FeedbackRefusal } from "~/components/FeedbackForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PageHeader } from "~/components/PageHeader";
import { Toaster } from "~/components/Toast";
import { homeFor } from "~/lib/access";
import { readForm } from "~/lib/http.server";
import { ToastSchema } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { FEEDBACK_TEXTS, FeedbackSchema, feedbackRefusal } from "~/modules/feedback/feedback-form";
import { sendFeedback } from "~/modules/feedback/feedback.server";
import { requireAccess, safeRedirect } from "~/lib/auth/guard.server";
import { feedbackConstraint } from "~/routes/layout/constraints.server";

export const meta: MetaFunction = () => [{ title: "Enviar comentario" }];

/**
 * The comment form on a page of its own. The sidebar's form is the usual way in; this page is where a
 * refused comment lands without JavaScript (with what was typed), and what /feedback shows if opened.
 */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const returnTo = safeRedirect(url.searchParams.get("returnTo"), homeFor(user.role));
  return { constraint: feedbackConstraint(), returnTo };
}

/**
 * A comment from any signed-in role: saved with its author and time (and its audit entry), then back
 * to the page it was sent from — a same-origin path, else the role's home — with a toast. The redirect
 * replaces the address, so a fetcher's post leaves the history as it was. A refusal (empty, spaces
 * only, over the limit) answers 400 with the spec's toast and the field's message, never a flash.
 */
export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireAccess(request, url);
  const form = await readForm(request);
  const returnTo = safeRedirect(form.get("returnTo"), homeFor(user.role));
  const posted = form.get("text");
  const parsed = FeedbackSchema.safeParse({ text: posted });
  if (!parsed.success) {
    const { error, toast } = feedbackRefusal(parsed.error.issues);
    const refusal: FeedbackRefusal = { error, toast: ToastSchema.parse(toast), text: typeof posted === "string" ? posted : "", returnTo };
    return data(refusal, { status: 400 });
  }
  await sendFeedback(parsed.data.text, user);
  return redirectWithToast(
    returnTo,
    { title: FEEDBACK_TEXTS.sentTitle, message: FEEDBACK_TEXTS.sent, variant: "success" },
    { headers: { "X-Remix-Replace": "true" } },
  );
}

export default function FeedbackPage() {
  const { constraint, returnTo } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const back = refusal?.returnTo ?? returnTo;
  return (
    <div className="max-w-xl">
      <PageHeader title="Enviar comentario" />
      <div className="card p-4">
        <FeedbackPageForm constraint={constraint} returnTo={returnTo} refusal={refusal} />
      </div>
      <p className="mt-4">
        <Link to={back} className="text-brand-700 underline">
          Volver
        </Link>
      </p>
      {refusal ? <Toaster toast={refusal.toast} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
