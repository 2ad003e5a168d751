import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { aiAssistantDocuments, aiAssistants, auditLog, files, products } from "../../server/db/schema";
import type { SeedUsers } from "../../server/db/seed/demo/context";
import { DEMO_ASSISTANTS, demoSheetName, seedAssistants } from "../../server/db/seed/demo/assistants";
import { DemoClock } from "../../server/db/seed/demo/time";
import { simulatorControl } from "../../server/integrations/simulator";
import { ASSISTANTS_FROM_APP } from "../../server/integrations/simulator/seed-marketplace";
import { ASSISTANT_LISTS } from "../../bench/lists/assistants";
import { fileKey } from "~/modules/files/files.server";
import { storedBytes } from "../helpers/stored-files";
import { CHAT_TEXTS, DOCUMENT_ERRORS, NAME_TEXTS, serializeConversation, type Conversation } from "~/modules/assistants/rules";
import * as list from "~/routes/chatbot-documents/route";
import * as createRoute from "~/routes/chatbot-documents/new";
import * as editRoute from "~/routes/chatbot-documents/$assistantId";
import * as deleteRoute from "~/routes/chatbot-documents/$assistantId.delete";
import * as chatRoute from "~/routes/chatbot-documents/$assistantId.chat";
import * as viewerRoute from "~/routes/chatbot-documents/$assistantId.documents.$documentId";
import * as deleteDocRoute from "~/routes/chatbot-documents/$assistantId.documents.$documentId.delete";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";
import { callRoute as call, locationOf as location, toastOf } from "../helpers/content-routes";
import { expectRolesSentHome } from "../helpers/sent-home";

const database = await useTestDatabase();
// Two catalogue products, so the sheets the AI service "reads" have real content.
await getDb()
  .insert(products)
  .values([
    {
      id: "THW12NE100",
      name: "Cable THW-LS calibre 12 AWG color negro caja 100 m",
      slug: "cable-thw-12-negro",
      descripcion1: "Cable de cobre THW-LS 600 V",
      price: 1450.5,
    },
    {
      id: "QO120",
      name: "Interruptor termomagnético QO 1 polo 20 A enchufable",
      slug: "qo120",
      descripcion1: "Interruptor QO 1P 20A",
      price: 189,
    },
  ]);
await database.db.transaction((tx) => seedAssistants({ tx, clock: new DemoClock(new Date()), brand: "Electrica", users: {} as SeedUsers }));
await database.query(ASSISTANTS_FROM_APP);

type Reply = { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
type Wrapped<T> = { data: T; init: { status: number } | null };
type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
type ListData = Awaited<ReturnType<typeof list.loader>>;
type DialogData = Awaited<ReturnType<typeof editRoute.loader>>;
type ViewerData = Awaited<ReturnType<typeof viewerRoute.loader>>;
type DocAnswer = { error: { title: string; message: string }; sku: string; fileId: string };

const listOf = (query: string, cookie: string) =>
  call(list.loader as Handler, `/chatbot-documents${query}`, cookie) as Promise<ListData | Response>;
const dialog = (id: number, cookie: string, query = "") =>
  call(editRoute.loader as Handler, `/chatbot-documents/${id}${query}`, cookie, { params: { assistantId: String(id) } }) as Promise<
    DialogData | Response
  >;
const addDocument = (id: number, form: FormData | Record<string, string>, cookie: string, query = "") =>
  call(editRoute.action as Handler, `/chatbot-documents/${id}${query}`, cookie, { params: { assistantId: String(id) }, form });
const create = (assistantName: string, cookie: string, query = "") =>
  call(createRoute.action as Handler, `/chatbot-documents/new${query}`, cookie, { form: { assistantName } });
const view = (id: number, docId: number, cookie: string, query = "") =>
  call(viewerRoute.loader as Handler, `/chatbot-documents/${id}/documents/${docId}${query}`, cookie, {
    params: { assistantId: String(id), documentId: String(docId) },
  }) as Promise<ViewerData | Response>;
const chat = (id: number, form: Record<string, string>, cookie: string) =>
  call(chatRoute.action as Handler, `/chatbot-documents/${id}/chat`, cookie, { params: { assistantId: String(id) }, form }) as Promise<{
    conversation: Conversation;
  }>;

function status(res: unknown) {
  return res instanceof Response ? res.status : ((res as Wrapped<unknown>).init?.status ?? 200);
}
async function assistantNamed(name: string) {
  const [row] = await getDb()
    .select()
    .from(aiAssistants)
    .where(sql`lower(${aiAssistants.assistantName}) = ${name.toLowerCase()}`);
  return row;
}
const documentsOf = (assistantId: number) =>
  getDb().select().from(aiAssistantDocuments).where(eq(aiAssistantDocuments.assistantId, assistantId));
const simAssistant = (name: string) => database.query<{ name: string }>(`select name from sim.ai_assistants where name = $1`, [name]);
const simDocuments = (name: string) =>
  database.query<{ document_id: string; file_name: string; product_id: string }>(`select * from sim.ai_documents where assistant = $1`, [
    name,
  ]);
const auditWith = (tag: string, identifier: number) =>
  getDb()
    .select()
    .from(auditLog)
    .where(eq(auditLog.identifier, String(identifier)))
    .then((rows) => rows.filter((r) => r.tags.includes(tag)));

function pdfForm(name: string, sku: string | null, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append(
    "file",
    new File([Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")], name, { type: "application/pdf" }),
  );
  if (sku !== null) form.append("sku", sku);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}

let seq = 0;
const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++seq}`;

describe("access", () => {
  it("lets Admin, Developer and MercadoLibre Manager in; Inventario goes home", async () => {
    for (const role of ["admin", "developer", "ml_manager"] as const) {
      const { cookie } = await loginAs(role);
      const data = (await listOf("", cookie)) as ListData;
      expect(data.total, role).toBeGreaterThanOrEqual(DEMO_ASSISTANTS.length);
      expect(data.canDelete, role).toBe(role !== "ml_manager");
    }
    const proteccion = await assistantNamed("Proteccion");
    await expectRolesSentHome([["inventory", "/products"]], {
      list: ({ cookie }) => listOf("", cookie),
      open: ({ cookie }) => dialog(proteccion.id, cookie),
      create: ({ cookie }) => create("Inventario_X", cookie),
    });
    expect(location(await call(list.loader as Handler, "/chatbot-documents", undefined))).toBe("/login?redirectTo=%2Fchatbot-documents");
  });
});

describe("list", () => {
  it("shows the demo assistants newest first with their document counts", async () => {
    const { cookie } = await loginAs("admin");
    const data = (await listOf("", cookie)) as ListData;
    expect(data.pageSize).toBe(8);
    const demo = data.rows.filter((r) => DEMO_ASSISTANTS.some((a) => a.name === r.name));
    expect(demo.map((r) => [r.name, r.documents, r.restricted])).toEqual(
      [...DEMO_ASSISTANTS].reverse().map((a) => [a.name, a.skus.length, a.restricted]),
    );
  });

  it("searches the name case-insensitively, pages by 8 and redirects past the last page", async () => {
    const { cookie } = await loginAs("admin");
    const found = (await listOf("?search=CABLES_", cookie)) as ListData;
    expect(found.rows.map((r) => r.name)).toEqual(["Cables_Conductores"]);
    const tag = uniqueName("Paginado");
    await getDb()
      .insert(aiAssistants)
      .values(Array.from({ length: 10 }, (_, i) => ({ assistantName: `${tag}_${String(i).padStart(2, "0")}` })));
    const first = (await listOf(`?search=${tag}`, cookie)) as ListData;
    expect(first.total).toBe(10);
    expect(first.rows).toHaveLength(8);
    const second = (await listOf(`?search=${tag.toLowerCase()}&page=2`, cookie)) as ListData;
    expect(second.rows.map((r) => r.name)).toEqual([`${tag}_01`, `${tag}_00`]);
    expect(second.rows.every((r) => r.documents === 0)).toBe(true);
    expect(location(await listOf(`?search=${tag}&page=9`, cookie))).toBe(`/chatbot-documents?search=${tag}&page=2`);
    const bad = (await listOf("?page=abc&search=%25", cookie)) as ListData;
    expect(bad.query.page).toBe(1);
    expect(bad.total).toBe(0);
    await getDb()
      .delete(aiAssistants)
      .where(sql`${aiAssistants.assistantName} like ${`${tag}%`}`);
  });

  it("the bench's raw SQL returns the rows its loader shows", async () => {
    const { cookie } = await loginAs("admin");
    for (const line of ASSISTANT_LISTS) {
      const data = (await listOf(line.query ? `?${line.query}` : "", cookie)) as ListData;
      const raw = await database.query<{ id: number; documents: number | string; total: number | string }>(line.sql!, line.params ?? []);
      expect(
        raw.map((r) => [r.id, Number(r.documents)]),
        line.query,
      ).toEqual(data.rows.map((r) => [r.id, r.documents]));
      expect(Number(raw[0]?.total ?? 0)).toBe(data.total);
    }
  });
});

describe("create", () => {
  it("gives the name box only its length: the spec's own message answers a short or symbol-laden name (decision 0029)", async () => {
    const { cookie } = await loginAs("ml_manager");
    expect(await call(createRoute.loader as Handler, "/chatbot-documents/new", cookie)).toEqual({
      assistant: null,
      constraint: { assistantName: { maxLength: 63 } },
    });
  });

  it("validates the name on the server with the spec's texts", async () => {
    const { cookie } = await loginAs("ml_manager");
    for (const [name, message] of [
      ["abc", NAME_TEXTS.short],
      ["Mi asistente", NAME_TEXTS.characters],
      ["Iluminación", NAME_TEXTS.characters],
    ] as const) {
      const res = (await create(name, cookie)) as Wrapped<{ result: Reply }>;
      expect(status(res)).toBe(400);
      expect(res.data.result.error?.assistantName).toContain(message);
    }
    const taken = (await create("ILUMINACION", cookie)) as Wrapped<{ result: Reply }>;
    expect(status(taken)).toBe(400);
    expect(taken.data.result.error?.assistantName).toEqual([NAME_TEXTS.taken]);
  });

  it("creates it in the AI service, then here with an audit entry, and opens its dialog", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const name = uniqueName("Nuevo");
    const res = await create(name, cookie, "?search=nu&page=1&docPage=2");
    expect(status(res)).toBe(302);
    const row = await assistantNamed(name);
    expect(row).toMatchObject({ assistantName: name, restricted: false });
    expect(location(res)).toBe(`/chatbot-documents/${row.id}?search=nu&page=1`);
    expect(await toastOf(res)).toMatchObject({ title: "Asistente creado", message: "Se ha creado exitosamente", variant: "success" });
    expect(await simAssistant(name)).toHaveLength(1);
    const [entry] = await auditWith("assistants", row.id);
    expect(entry).toMatchObject({ type: "create", userId: user.id, message: `Asistente creado: ${name}` });
  });

  it("an AI failure keeps the typed name, shows the message and saves nothing", async () => {
    const { cookie } = await loginAs("admin");
    const name = uniqueName("Caido");
    await simulatorControl.failNext("ai.createAssistant", "network");
    const res = (await create(name, cookie)) as Wrapped<{ result: Reply }>;
    expect(status(res)).toBe(502);
    expect(res.data.result.initialValue).toMatchObject({ assistantName: name });
    expect(res.data.result.error?.[""]?.[0]).toMatch(/servicio de IA/);
    expect(await assistantNamed(name)).toBeUndefined();
    expect(await simAssistant(name)).toHaveLength(0);
  });
});

describe("documents", () => {
  it("the dialog pages the documents and offers the library's PDFs to whoever may change them", async () => {
    const { cookie } = await loginAs("ml_manager");
    const cables = await assistantNamed("Cables_Conductores");
    const data = (await dialog(cables.id, cookie)) as DialogData;
    expect(data.canEdit).toBe(true);
    expect(data.documents.pageSize).toBe(10);
    // The SKU: at most 60 characters and no spaces, never `required` (its missing value has the spec's
    // message, decision 0029); the library search at most 200 characters, like every list's search.
    expect(data.constraint.sku).toEqual({ maxLength: 60, pattern: expect.any(String) });
    const sku = new RegExp(`^(?:${data.constraint.sku.pattern})$`, "v");
    expect(["QO120", " QO120 ", "QO 120"].map((typed) => sku.test(typed))).toEqual([true, true, false]);
    expect(data.constraint.fileSearch).toEqual({ maxLength: 200 });
    expect(data.documents.rows.map((d) => d.nameDocument).sort()).toEqual(DEMO_ASSISTANTS[1].skus.map(demoSheetName).sort());
    expect(location(await dialog(cables.id, cookie, "?docPage=5"))).toBe(`/chatbot-documents/${cables.id}`);
    expect(status(await dialog(999999, cookie))).toBe(404);
    expect(status(await dialog(Number.NaN, cookie))).toBe(404);
  });

  it("adds an uploaded sheet: stored as a file, indexed by the AI service, recorded and audited", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const name = uniqueName("Subida");
    await create(name, cookie);
    const assistant = await assistantNamed(name);
    const res = await addDocument(
      assistant.id,
      pdfForm("ficha-thw12ne100.pdf", " thw12ne100 "),
      cookie,
      "?search=sub&docPage=1&fileSearch=x",
    );
    expect(status(res)).toBe(302);
    expect(location(res)).toBe(`/chatbot-documents/${assistant.id}?search=sub&docPage=1`);
    expect(await toastOf(res)).toMatchObject({ title: "Obteniendo información", message: "Información agregada/actualizada exitosamente" });
    const [doc] = await documentsOf(assistant.id);
    expect(doc).toMatchObject({ sku: "THW12NE100", nameDocument: "ficha-thw12ne100.pdf" });
    const [file] = await getDb().select().from(files).where(eq(files.id, doc.fileId!));
    expect(file).toMatchObject({ mimeType: "application/pdf", filenameDownload: "ficha-thw12ne100.pdf", uploadedBy: user.id });
    expect((await storedBytes(fileKey(file)))?.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await simDocuments(name)).toMatchObject([
      { document_id: doc.documentId, product_id: "THW12NE100", file_name: "ficha-thw12ne100.pdf" },
    ]);
    const entries = await auditWith("documents", assistant.id);
    expect(entries[0]).toMatchObject({ type: "create", userId: user.id });

    // The same file name again is refused before reaching the AI service.
    const again = (await addDocument(assistant.id, pdfForm("FICHA-thw12ne100.pdf", "THW12NE100"), cookie)) as Wrapped<DocAnswer>;
    expect(status(again)).toBe(409);
    expect(again.data.error.title).toBe("Documento ya existente");
    expect(await documentsOf(assistant.id)).toHaveLength(1);
  });

  it("adds a PDF picked from the library, which lists PDFs only", async () => {
    const { cookie } = await loginAs("admin");
    const proteccion = await assistantNamed("Proteccion");
    const data = (await dialog(proteccion.id, cookie, "?fileSearch=THW12")) as DialogData;
    expect(data.canEdit).toBe(true);
    const picked = data.library.find((f) => f.name === "ficha-thw12ne100.pdf")!;
    expect(picked).toBeDefined();
    const res = await addDocument(proteccion.id, { fileId: picked.fileId, sku: "QO120" }, cookie);
    expect(status(res)).toBe(302);
    const docs = await documentsOf(proteccion.id);
    expect(docs.find((d) => d.fileId === picked.fileId)).toMatchObject({ sku: "QO120", nameDocument: "ficha-thw12ne100.pdf" });
    expect(await getDb().select().from(files).where(eq(files.filenameDownload, "ficha-thw12ne100.pdf"))).toHaveLength(1);
  });

  it("refuses without a document, without a SKU, or with a file that is not a PDF, keeping the SKU", async () => {
    const { cookie } = await loginAs("admin");
    const cables = await assistantNamed("Cables_Conductores");
    const before = (await documentsOf(cables.id)).length;
    const none = (await addDocument(cables.id, { sku: "QO120" }, cookie)) as Wrapped<DocAnswer>;
    expect(status(none)).toBe(400);
    expect(none.data).toMatchObject({ error: DOCUMENT_ERRORS.noDocument, sku: "QO120" });
    const noSku = (await addDocument(cables.id, pdfForm("sin-sku.pdf", "  "), cookie)) as Wrapped<DocAnswer>;
    expect(status(noSku)).toBe(400);
    expect(noSku.data.error).toEqual({
      title: "Falta Sku del Documento",
      message: 'Es necesario ingresar el campo "SKU del producto del nuevo documento"',
    });
    const form = new FormData();
    form.append("file", new File([Buffer.from("PK\u0003\u0004 no soy un pdf")], "falso.pdf", { type: "application/pdf" }));
    form.append("sku", "QO120");
    const notPdf = (await addDocument(cables.id, form, cookie)) as Wrapped<DocAnswer>;
    expect(status(notPdf)).toBe(400);
    expect(notPdf.data).toMatchObject({ error: DOCUMENT_ERRORS.invalidPdf, sku: "QO120" });
    expect(await documentsOf(cables.id)).toHaveLength(before);
    expect(
      await getDb()
        .select()
        .from(files)
        .where(sql`${files.filenameDownload} in ('sin-sku.pdf', 'falso.pdf')`),
    ).toHaveLength(0);
  });

  it("an AI refusal or failure leaves nothing in the app's tables", async () => {
    const { cookie } = await loginAs("admin");
    const cables = await assistantNamed("Cables_Conductores");
    const before = (await documentsOf(cables.id)).length;
    // The AI service already holds a sheet of that name for this assistant (the app does not).
    await database.query(
      `insert into sim.ai_documents (assistant, document_id, file_name, file_url) values ('Cables_Conductores', 'externo-1', 'externa.pdf', '')`,
    );
    const refused = (await addDocument(cables.id, pdfForm("externa.pdf", "THW12NE100"), cookie)) as Wrapped<DocAnswer>;
    expect(status(refused)).toBe(400);
    expect(refused.data.error.title).toBe("Documento ya existente");
    expect(refused.data.error.message).toMatch(/^Documento ya existente/);
    await simulatorControl.failNext("ai.addDocument", "timeout");
    const failed = (await addDocument(cables.id, pdfForm("tardada.pdf", "THW12NE100"), cookie)) as Wrapped<DocAnswer>;
    expect(status(failed)).toBe(502);
    expect(failed.data.error.title).toBe(DOCUMENT_ERRORS.aiFailed.title);
    expect(await documentsOf(cables.id)).toHaveLength(before);
    expect(
      await getDb()
        .select()
        .from(files)
        .where(sql`${files.filenameDownload} in ('externa.pdf', 'tardada.pdf')`),
    ).toHaveLength(0);
  });

  it("a restricted assistant is read-only for MercadoLibre Manager, on the server too", async () => {
    const { cookie } = await loginAs("ml_manager");
    const proteccion = await assistantNamed("Proteccion");
    const data = (await dialog(proteccion.id, cookie)) as DialogData;
    expect(data).toMatchObject({ canEdit: false, library: [] });
    const before = (await documentsOf(proteccion.id)).length;
    const res = await addDocument(proteccion.id, pdfForm("restringida.pdf", "QO120"), cookie, "?page=1");
    expect(location(res)).toBe(`/chatbot-documents/${proteccion.id}?page=1`);
    expect(await toastOf(res)).toMatchObject({ title: "Sin permiso", variant: "danger" });
    expect(await documentsOf(proteccion.id)).toHaveLength(before);
    const [doc] = await documentsOf(proteccion.id);
    const params = { assistantId: String(proteccion.id), documentId: String(doc.id) };
    const url = `/chatbot-documents/${proteccion.id}/documents/${doc.id}/delete`;
    expect(location(await call(deleteDocRoute.loader as Handler, url, cookie, { params }))).toBe(`/chatbot-documents/${proteccion.id}`);
    expect(location(await call(deleteDocRoute.action as Handler, url, cookie, { params, form: {} }))).toBe(
      `/chatbot-documents/${proteccion.id}`,
    );
    expect(await documentsOf(proteccion.id)).toHaveLength(before);
  });
});

describe("viewer", () => {
  it("shows one page of the sheet per page, from the AI service", async () => {
    const { cookie } = await loginAs("ml_manager");
    const cables = await assistantNamed("Cables_Conductores");
    const doc = (await documentsOf(cables.id)).find((d) => d.sku === "THW12NE100")!;
    const first = (await view(cables.id, doc.id, cookie)) as ViewerData;
    expect(first).toMatchObject({ page: 1, pages: 3, error: null });
    expect(first.content).toContain("Ficha técnica: Cable THW-LS calibre 12 AWG color negro caja 100 m. SKU THW12NE100.");
    const second = (await view(cables.id, doc.id, cookie, "?sheet=2")) as ViewerData;
    expect(second.content).toContain("Cable de cobre THW-LS 600 V");
    expect(((await view(cables.id, doc.id, cookie, "?sheet=99")) as ViewerData).page).toBe(3);

    const unknown = (await documentsOf(cables.id)).find((d) => d.sku === "VTHHW14BL100")!;
    expect(await view(cables.id, unknown.id, cookie)).toMatchObject({ pages: 2, content: "Documento Ficha técnica VTHHW14BL100.pdf." });
    expect(((await view(cables.id, unknown.id, cookie, "?sheet=2")) as ViewerData).content).toContain(
      "la ficha técnica no tiene texto extraíble",
    );

    await database.query(`delete from sim.ai_documents where document_id = $1`, [unknown.documentId]);
    expect(await view(cables.id, unknown.id, cookie)).toMatchObject({ content: null, pages: 0, error: null });

    await simulatorControl.failNext("ai.getDocument", "http");
    const failed = (await view(cables.id, doc.id, cookie)) as ViewerData;
    expect(failed.error).toMatch(/servicio de IA/);
    expect(failed.content).toBeNull();

    const other = await assistantNamed("Iluminacion");
    expect(status(await view(other.id, doc.id, cookie))).toBe(404);
  });
});

describe("chat", () => {
  it("answers from the documents and carries the running summary in the form", async () => {
    const { cookie } = await loginAs("ml_manager");
    const cables = await assistantNamed("Cables_Conductores");
    const loaded = await call(chatRoute.loader as Handler, `/chatbot-documents/${cables.id}/chat`, cookie, {
      params: { assistantId: String(cables.id) },
    });
    // The question is trimmed and an empty one ignored (spec 2 §5): only its length is the browser's.
    expect(loaded).toMatchObject({ assistant: { name: "Cables_Conductores" } });
    expect((loaded as { constraint: unknown }).constraint).toEqual({ question: { maxLength: 1000 } });
    const first = await chat(cables.id, { question: "  ¿De qué marca es el cable THW?  ", conversation: "" }, cookie);
    expect(first.conversation.turns.map((t) => t.from)).toEqual(["user", "assistant"]);
    expect(first.conversation.turns[0].text).toBe("¿De qué marca es el cable THW?");
    expect(first.conversation.turns[1].text).not.toBe(CHAT_TEXTS.failure);
    expect(first.conversation.summary).toContain("¿De qué marca es el cable THW?");
    const second = await chat(cables.id, { question: "¿Y el precio?", conversation: serializeConversation(first.conversation) }, cookie);
    expect(second.conversation.turns).toHaveLength(4);
    expect(second.conversation.summary.startsWith(first.conversation.summary)).toBe(true);
    expect(second.conversation.summary).toContain("¿Y el precio?");
    const blank = await chat(cables.id, { question: "   ", conversation: serializeConversation(second.conversation) }, cookie);
    expect(blank.conversation).toEqual(second.conversation);
  });

  it("an assistant without documents says so without asking the AI service", async () => {
    const { cookie } = await loginAs("admin");
    const name = uniqueName("Vacio");
    await create(name, cookie);
    const empty = await assistantNamed(name);
    await simulatorControl.failNext("ai.askWithSummary", "http");
    const answer = await chat(empty.id, { question: "¿Qué calibre?" }, cookie);
    expect(answer.conversation.turns[1]).toMatchObject({ from: "assistant", text: CHAT_TEXTS.noDocuments });
    expect(await simulatorControl.pendingFailures()).toHaveLength(1);
    await simulatorControl.clearFailures();
  });

  it("an AI failure adds the error bubble and keeps the conversation", async () => {
    const { cookie } = await loginAs("admin");
    const cables = await assistantNamed("Cables_Conductores");
    const first = await chat(cables.id, { question: "¿Qué calibre tiene?" }, cookie);
    await simulatorControl.failNext("ai.askWithSummary", "network");
    const failed = await chat(cables.id, { question: "¿Y el color?", conversation: serializeConversation(first.conversation) }, cookie);
    expect(failed.conversation.turns.slice(0, 2)).toEqual(first.conversation.turns);
    expect(failed.conversation.turns.slice(2)).toMatchObject([
      { from: "user", text: "¿Y el color?" },
      { from: "assistant", text: "Ha ocurrido un error en el sistema, vuelve a intentarlo", error: true },
    ]);
    expect(failed.conversation.summary).toBe(first.conversation.summary);
  });
});

describe("delete", () => {
  it("deletes a document after confirming, in the AI service and here, with an audit entry", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const cables = await assistantNamed("Cables_Conductores");
    const [doc] = await documentsOf(cables.id);
    const params = { assistantId: String(cables.id), documentId: String(doc.id) };
    const url = `/chatbot-documents/${cables.id}/documents/${doc.id}/delete?search=ca&docPage=1`;
    expect(await call(deleteDocRoute.loader as Handler, url, cookie, { params })).toMatchObject({
      assistant: { name: "Cables_Conductores" },
      document: { id: doc.id },
    });
    const res = await call(deleteDocRoute.action as Handler, url, cookie, { params, form: {} });
    expect(location(res)).toBe(`/chatbot-documents/${cables.id}?search=ca&docPage=1`);
    expect(await toastOf(res)).toMatchObject({ title: "Documento eliminado", message: "Se ha eliminado exitosamente" });
    expect((await documentsOf(cables.id)).some((d) => d.id === doc.id)).toBe(false);
    expect((await simDocuments("Cables_Conductores")).some((d) => d.document_id === doc.documentId)).toBe(false);
    const entries = await auditWith("documents", cables.id);
    expect(entries.some((e) => e.type === "delete" && e.userId === user.id)).toBe(true);
  });

  it("only Admin and Developer delete an assistant; its documents go with it", async () => {
    const manager = await loginAs("ml_manager");
    const iluminacion = await assistantNamed("Iluminacion");
    const params = { assistantId: String(iluminacion.id) };
    const url = `/chatbot-documents/${iluminacion.id}/delete?search=ilu`;
    const refused = await call(deleteRoute.loader as Handler, url, manager.cookie, { params });
    expect(location(refused)).toBe("/chatbot-documents?search=ilu");
    expect(await toastOf(refused)).toMatchObject({ title: "Sin permiso" });
    expect(location(await call(deleteRoute.action as Handler, url, manager.cookie, { params, form: {} }))).toBe(
      "/chatbot-documents?search=ilu",
    );
    expect(await assistantNamed("Iluminacion")).toBeDefined();

    const { cookie, user } = await loginAs("admin");
    expect(await call(deleteRoute.loader as Handler, url, cookie, { params })).toMatchObject({
      assistant: { name: "Iluminacion" },
      documents: 3,
    });
    const res = await call(deleteRoute.action as Handler, url, cookie, { params, form: {} });
    expect(location(res)).toBe("/chatbot-documents?search=ilu");
    expect(await toastOf(res)).toMatchObject({ title: "Asistente", message: "Se ha eliminado exitosamente", variant: "success" });
    expect(await assistantNamed("Iluminacion")).toBeUndefined();
    expect(await documentsOf(iluminacion.id)).toHaveLength(0);
    expect(await simAssistant("Iluminacion")).toHaveLength(0);
    expect(await simDocuments("Iluminacion")).toHaveLength(0);
    const entries = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.identifier, String(iluminacion.id)), eq(auditLog.type, "delete")));
    expect(entries.find((e) => e.tags.includes("assistants"))).toMatchObject({
      userId: user.id,
      message: "Asistente eliminado: Iluminacion",
    });
    expect(status(await call(deleteRoute.loader as Handler, url, cookie, { params }))).toBe(404);
  });
});
