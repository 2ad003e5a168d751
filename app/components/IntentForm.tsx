import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "react-router";

/**
 * One of several Conform forms on a page that all post to its route: the hidden `intent` tells the
 * action which one was sent, and the page keeps its scroll when the answer comes back.
 */
export function IntentForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  className,
  children,
}: {
  form: FormMetadata<Schema>;
  intent: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
