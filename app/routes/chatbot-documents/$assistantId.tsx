import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { can } from "~/lib/access";
import { notFound, statusOf } from "~/lib/http.server";
import { discardPostedFile, readFormWithFile } from "~/lib/multipart.server";
import { redirectPastLastPage } from "~/lib/list.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { AssistantDialogErrorBoundary, AssistantEditDialog } from "~/routes/chatbot-documents/assistant-dialogs";
import {
  addPostedDocument,
  assistantDialogUrl,
  assistantOf,
  listDocumentPdfs,
  listDocuments,
  type Refusal,
} from "~/modules/assistants/assistants.server";
import { ASSISTANT_CONSTRAINTS } from "~/modules/assistants/constraints.server";
import {
  ASSISTANT_MESSAGES,
  ASSISTANT_TEXTS,
  LIBRARY_PAGE_SIZE,
  mayChangeDocuments,
  parseAssistantDialogQuery,
} from "~/modules/assistants/rules";
import { PDF_MAX_BYTES } from "~/modules/files/rules";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data ? `Asistente ${data.assistant.name}` : "Asistente" },
];

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const assistant = (await assistantOf(params.assistantId)) ?? notFound(ASSISTANT_TEXTS.notFoundText);
  const query = parseAssistantDialogQuery(url);
  const documents = await listDocuments(assistant.id, query.docPage);
  redirectPastLastPage(url, documents, query.docPage, "docPage");
  const canEdit = mayChangeDocuments(user.role, assistant.restricted);
  const library = canEdit ? await listDocumentPdfs(query.fileSearch, LIBRARY_PAGE_SIZE) : [];
  return {
    assistant,
    documents,
    canEdit,
    canDelete: can(user, "assistants.delete"),
    library,
    fileSearch: query.fileSearch ?? "",
    constraint: ASSISTANT_CONSTRAINTS.documents,
  };
}

type DocumentActionAnswer = { error: Refusal; sku: string; fileId: string };

/** Actualizar: a refusal keeps what was typed and picked; the sheet's bytes are never sent back. */
export async function action({ request, url, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const assistant = (await assistantOf(params.assistantId)) ?? notFound(ASSISTANT_TEXTS.notFoundText);
  const back = assistantDialogUrl(url.search, assistant.id);
  if (!mayChangeDocuments(actor.role, assistant.restricted)) {
    throw await redirectWithToast(back, {
      title: ASSISTANT_TEXTS.forbiddenTitle,
      message: ASSISTANT_TEXTS.forbiddenText,
      variant: "danger",
    });
  }
  const { formData, file } = await readFormWithFile(request, PDF_MAX_BYTES);
  const sku = String(formData.get("sku") ?? "");
  const fileId = String(formData.get("fileId") ?? "");
  // A kept sheet was copied into the store: its staged copy goes either way.
  const added = await addPostedDocument(assistant, { sku, fileId, file }, actor).finally(() => discardPostedFile(file));
  if (!added.ok) return data<DocumentActionAnswer>({ error: added.refusal, sku, fileId }, { status: statusOf(added) });
  return redirectWithToast(back, { title: ASSISTANT_TEXTS.documentAdded, message: ASSISTANT_MESSAGES.documentAdded, variant: "success" });
}

export default function EditAssistant() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DocumentActionAnswer | undefined;
  return <AssistantEditDialog key={loaded.assistant.id} {...loaded} answer={answer} />;
}

export function ErrorBoundary() {
  return <AssistantDialogErrorBoundary />;
}
