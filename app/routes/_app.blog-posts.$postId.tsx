import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { BlogDialogErrorBoundary, BlogEditDialog } from "~/modules/blogs/blog-dialogs";
import { BLOG_PATH, BLOG_TEXTS, BlogFormSchema, BlogIdSchema, blogSchemaFor, parseBlogIntent, type BlogDialogState, type BlogImage } from "~/modules/blogs/blog-posts";
import { getBlogPost, saveBlogPost } from "~/modules/blogs/blog-posts.server";
import { audit } from "~/modules/logs/audit.server";
import { libraryImage, listLibraryImages, uploadImage } from "~/modules/files/files.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Blog ${data.post.id}` : "Blog" }];

/** How the image came to the post (spec 3 'File entry origins'). */
const ORIGIN_UPLOAD = "upload";
const ORIGIN_LIBRARY = "directus";

function missing() {
  return new Response(BLOG_TEXTS.notFoundText, { status: 404 });
}

function postIdFrom(params: Record<string, string | undefined>) {
  const parsed = BlogIdSchema.safeParse(params.postId);
  if (!parsed.success) throw missing();
  return parsed.data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  const post = await getBlogPost(postIdFrom(params));
  if (!post) throw missing();
  return { post };
}

/** The image the form holds (hidden `imageFileId`): the stored one keeps its origin; any other must be in the library. */
async function chosenImage(form: FormData, stored: BlogImage | null): Promise<BlogImage | null> {
  const fileId = String(form.get("imageFileId") ?? "").trim();
  if (!fileId) return null;
  if (stored?.fileId === fileId) return stored;
  const found = await libraryImage(fileId);
  return found ? { ...found, alt: "", origin: ORIGIN_LIBRARY } : null;
}

/**
 * Create (no postId: the `new` route uses this action too) and update. Every button of the dialog
 * posts the whole multipart form: Guardar uploads the chosen file first, then validates and saves;
 * the library buttons answer with the form as typed and the new image choice.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const id = params.postId === undefined ? null : postIdFrom(params);
  const stored = id === null ? null : await getBlogPost(id);
  if (id !== null && !stored) throw missing();

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("No se pudo leer el formulario.", { status: 400 });
  }
  const intent = parseBlogIntent(form.get("intent"));
  const state: BlogDialogState = { image: await chosenImage(form, stored?.featuredImage ?? null), library: null, imageError: null };
  const answer = (status: number, fieldErrors?: Record<string, string[]>) => {
    form.delete("imageUpload");
    form.set("imageFileId", state.image?.fileId ?? "");
    const submission = parseWithZod(form, { schema: blogSchemaFor(form.get("intent")) });
    return data({ result: submission.reply(fieldErrors ? { fieldErrors } : undefined), ...state }, { status });
  };

  switch (intent.kind) {
    case "remove-image":
      state.image = null;
      return answer(200);
    case "library": {
      const search = String(form.get("librarySearch") ?? "").trim().slice(0, 100);
      state.library = { search, images: await listLibraryImages(search) };
      return answer(200);
    }
    case "pick": {
      const found = await libraryImage(intent.fileId);
      if (found) state.image = { ...found, alt: "", origin: ORIGIN_LIBRARY };
      else state.imageError = { title: BLOG_TEXTS.imageMissingTitle, message: BLOG_TEXTS.imageMissing };
      return answer(found ? 200 : 400);
    }
    case "save":
      break;
  }

  const file = form.get("imageUpload");
  if (file instanceof File && file.name !== "") {
    const uploaded = await uploadImage(file, actor.id);
    if (uploaded.ok) {
      state.image = { ...uploaded.image, alt: "", origin: ORIGIN_UPLOAD };
      await audit({ message: `Imagen ${uploaded.image.name} subida`, type: "create", tags: ["content", "blogs", "archivos"], identifier: uploaded.image.fileId, userId: actor.id });
    } else {
      state.imageError = { title: uploaded.title, message: uploaded.message };
    }
  }
  const submission = parseWithZod(form, { schema: BlogFormSchema });
  if (submission.status !== "success" || state.imageError) {
    return answer(400, state.imageError ? { imageUpload: [state.imageError.message] } : undefined);
  }
  const saved = await saveBlogPost(id, submission.value, state.image, actor);
  if (!saved.ok) throw missing();
  return redirectWithToast(`${BLOG_PATH}${new URL(request.url).search}`, { title: BLOG_TEXTS.savedTitle, message: BLOG_TEXTS.saved, variant: "success" });
}

export default function EditBlogPost() {
  const { post } = useLoaderData<typeof loader>();
  return <BlogEditDialog key={post.id} post={post} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <BlogDialogErrorBoundary />;
}
