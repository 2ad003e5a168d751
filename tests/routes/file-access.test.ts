import crypto from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { aiAssistantDocuments, aiAssistants, files } from "../../server/db/schema";
import { loader as fileLoader } from "~/routes/files/$fileId";
import { fileKey } from "~/modules/files/files.server";
import { putStored } from "../helpers/stored-files";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

// A stored file is served to whoever may open the record it belongs to, never merely to "signed in".
await useTestDatabase();

async function storedFile(name: string, mimeType: string, body: string, origin = "upload") {
  const id = crypto.randomUUID();
  const disk = `${id}${path.extname(name)}`;
  await putStored(fileKey({ filenameDisk: disk, origin }), body);
  await getDb()
    .insert(files)
    .values({ id, filenameDisk: disk, filenameDownload: `${id}-${name}`, title: name, mimeType, size: body.length, origin });
  return id;
}

const download = (id: string, cookie?: string) =>
  settle(() => fileLoader(routeArgs({ request: makeRequest(`/files/${id}`, { cookie }), params: { fileId: id } }))) as Promise<Response>;

const admin = await loginAs("admin");
const manager = await loginAs("ml_manager", { permissions: ["messages_access"] });
const managerWithoutMessages = await loginAs("ml_manager");
const inventory = await loginAs("inventory");

const picture = await storedFile("foco.png", "image/png", "png-bytes");
const attachment = await storedFile("factura.pdf", "application/pdf", "%PDF-1.4 cliente", "message");
const page = await storedFile("pagina.html", "text/html", "<script>alert(1)</script>", "message");
const sheet = await storedFile("ficha.pdf", "application/pdf", "%PDF-1.4 ficha");
const [assistant] = await getDb().insert(aiAssistants).values({ assistantName: "Iluminación" }).returning();
await getDb()
  .insert(aiAssistantDocuments)
  .values({ assistantId: assistant.id, documentId: "doc-1", sku: "FOCO-1", nameDocument: "ficha.pdf", fileId: sheet });

describe("/files/:id serves a file only to who may open its record", () => {
  it("a library picture: any signed-in user; nobody anonymous", async () => {
    const ok = await download(picture, inventory.cookie);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("png-bytes");
    expect(ok.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(ok.headers.get("Content-Disposition")).toMatch(/^inline; filename=".*foco\.png"/);
    const anonymous = await download(picture);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
  });

  it("a file sent in a conversation: only users with the Messages screen (the messages_access flag included)", async () => {
    expect((await download(attachment, admin.cookie)).status).toBe(200);
    expect((await download(attachment, manager.cookie)).status).toBe(200);
    expect((await download(attachment, managerWithoutMessages.cookie)).status).toBe(404);
    expect((await download(attachment, inventory.cookie)).status).toBe(404);
  });

  it("an assistant's document: only users with Asistentes IA", async () => {
    expect((await download(sheet, managerWithoutMessages.cookie)).status).toBe(200);
    expect((await download(sheet, inventory.cookie)).status).toBe(404);
  });

  it("a type a browser would run (HTML) is only ever downloaded, never shown inline", async () => {
    const res = await download(page, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; /);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
