import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useLazyValidation } from "~/lib/lazy-validation";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { Badge } from "~/components/Badge";
import { CloseLink } from "~/components/CloseLink";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList } from "~/components/Field";
import { cn } from "~/lib/cn";
import { formatDateTime, formatMoney } from "@common/format";
import { OrderItemsList } from "~/components/orders/order-items-list";
import { answerSave, replyErrors } from "~/lib/save.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { AttachmentLink } from "~/routes/messages/conversation-card";
import { getConversationDetail } from "~/modules/messages/messages.server";
import { saleUrl } from "~/modules/messages/rules";
import { ConversationIdSchema } from "~/modules/messages/schemas";
import { OrderEditFields, orderEditDefaults } from "~/components/orders/order-edit-fields";
import { NOT_UPDATED, saveOrderEdits } from "~/modules/orders/order-edit.server";
import { getOrderDetail } from "~/modules/orders/orders.server";
import { ORDER_EDIT_CONSTRAINT } from "~/modules/orders/constraints.server";
import { OrderEditSchema, type OrderEditInput } from "~/modules/orders/order-edit-form";
import { SaveButton } from "~/components/SaveButton";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data ? `Conversación · orden ${data.conversation.orderId}` : "Conversación" },
];

function notFound(): never {
  throw new Response("La conversación no existe.", { status: 404 });
}

async function load(params: { conversationId?: string }) {
  const id = ConversationIdSchema.safeParse(params.conversationId);
  if (!id.success) notFound();
  return (await getConversationDetail(id.data)) ?? notFound();
}

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const detail = await load(params);
  const order = await getOrderDetail(detail.conversation.orderId, new Date(), "messages");
  const c = detail.conversation;
  return {
    conversation: {
      id: c.id,
      orderId: c.orderId.toString(),
      packId: (c.packId ?? c.orderId).toString(),
      sellerId: c.sellerId,
      status: c.status,
      clientInfo: c.clientInfo,
      orderInfo: c.orderInfo,
    },
    messages: detail.messages,
    order,
    editConstraint: ORDER_EDIT_CONSTRAINT,
  };
}

export async function action({ request, url, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const detail = await load(params);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: OrderEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const self = `/messages/${detail.conversation.id}${url.search}`;
  // A refusal (movement rules, ERP) keeps what was typed and shows its reason in the form; a stale
  // version draws the dialog again from the stored order.
  return answerSave(await saveOrderEdits(detail.conversation.orderId, submission.value, actor, "messages"), {
    saved: ({ toast }) => ({ to: self, toast }),
    reloadOnConflict: (refusal) => ({ to: self, toast: { title: NOT_UPDATED, message: refusal.message, variant: "warning" } }),
    refused: (refusal) => ({ result: submission.reply(replyErrors(refusal)) }),
  });
}

export default function ConversationDialog() {
  const { conversation, messages, order, editConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const closeTo = `/messages${search}`;
  const busy = navigation.state === "submitting";
  const validation = useLazyValidation<typeof OrderEditSchema, OrderEditInput>(() =>
    import("~/modules/orders/order-edit-form").then((m) => m.OrderEditSchema),
  );
  const [form, fields] = useForm<OrderEditInput, OrderEditInput>({
    // A new version (a save, or a stale one drawn again from the stored order) starts a new form.
    id: `order-edit-${conversation.id}-v${order?.edit.version ?? 0}`,
    lastResult: actionData?.result,
    constraint: editConstraint,
    defaultValue: order ? orderEditDefaults(order.edit) : undefined,
    ...validation,
  });
  return (
    <RouteDialog
      size="xl"
      closeTo={closeTo}
      title={
        <>
          Orden{" "}
          <a href={saleUrl(conversation.orderId)} target="_blank" rel="noreferrer" className="font-mono text-brand-700 underline">
            {conversation.orderId}
          </a>
        </>
      }
      description={conversation.clientInfo?.nickname ? `Comprador: ${conversation.clientInfo.nickname}` : undefined}
      footer={
        <>
          <CloseLink to={closeTo}>Volver</CloseLink>
          {order ? <SaveButton busy={busy} form={form.id} /> : null}
        </>
      }
    >
      <div className="grid gap-5 lg:grid-cols-2">
        <section
          aria-label="Conversación"
          className="max-h-[60vh] space-y-2 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-3"
          data-testid="thread"
        >
          {messages.length === 0 ? <p className="text-sm text-slate-500">Sin mensajes.</p> : null}
          {messages.map((m) => (
            <div
              key={m.id}
              className={cn("max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm", m.fromSeller ? "ml-auto bg-brand-50" : "bg-white")}
            >
              <p className="text-xs font-medium text-slate-500">{m.fromSeller ? "Vendedor" : "Comprador"}</p>
              {m.text ? <p className="whitespace-pre-wrap">{m.text}</p> : null}
              {m.attachments.map((a) => (
                <p key={a.filename}>
                  <AttachmentLink a={a} packId={conversation.packId} sellerId={conversation.sellerId} />
                </p>
              ))}
              <p className="mt-1 text-right text-[11px] text-slate-500">{formatDateTime(m.messageDate)}</p>
            </div>
          ))}
        </section>
        <section aria-label="Orden">
          {order ? (
            <>
              <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
                <Badge variant={order.status.variant}>{order.status.label}</Badge>
                <span className="text-slate-600">{formatDateTime(order.order.orderDate)}</span>
                <span className="font-medium">{formatMoney(order.order.totalAmount)}</span>
              </div>
              <OrderItemsList items={order.order.items} className="mb-3" />
              <Form method="post" preventScrollReset {...getFormProps(form)}>
                <ErrorList id={form.errorId} errors={form.errors} />
                <OrderEditFields fields={fields} order={order.edit} packageManagers={order.packageManagers} />
              </Form>
            </>
          ) : (
            <p className="text-sm text-slate-500">La orden de esta conversación ya no existe en el sistema.</p>
          )}
        </section>
      </div>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath="/messages"
      notFoundTitle="Conversación no encontrada"
      notFoundText="La conversación no existe o fue eliminada."
    />
  );
}
