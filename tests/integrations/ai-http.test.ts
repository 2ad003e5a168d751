import { describe, expect, it } from "vitest";
import { createHttpAi } from "../../server/integrations/ai/http";
import type { AiPort } from "../../server/integrations/ai/port";
import { answer, describeContracts, expectIntegrationError, TOKEN, type Contract } from "./contract";

const AI_ORIGIN = "http://ai.test";
const AI = "custom/ai-connection";
const makeAi = (timeoutMs: number) => createHttpAi({ baseUrl: AI_ORIGIN, token: TOKEN, timeoutMs });

const aiContracts: Array<Contract<AiPort>> = [
  {
    name: "generateDescription",
    call: (ai) =>
      ai.generateDescription({ productName: "Cable THW 12 AWG", file: { url: "https://files.test/ficha.pdf", name: "ficha.pdf" } }),
    method: "POST",
    path: `${AI}/ask-description`,
    body: { file: { url: "https://files.test/ficha.pdf", name: "ficha.pdf" }, name: "Cable THW 12 AWG" },
    reply: { json: { status: 200, description: "Cable de cobre suave.", features: '[{"name":"Calibre","value":"12 AWG"}]' } },
    expected: { description: "Cable de cobre suave.", features: [{ name: "Calibre", value: "12 AWG" }] },
  },
  {
    name: "createAssistant",
    call: (ai) => ai.createAssistant("asistente_cables"),
    method: "POST",
    path: `${AI}/create-asistant`,
    body: { name: "asistente_cables" },
    reply: { json: { status: 200, message: "created" } },
    expected: undefined,
  },
  {
    name: "deleteAssistant",
    call: (ai) => ai.deleteAssistant("asistente_cables"),
    method: "DELETE",
    path: `${AI}/delete-asistant`,
    body: { table_name: "asistente_cables" },
    reply: { json: { status: 200 } },
    expected: undefined,
  },
  {
    name: "addDocument",
    call: (ai) =>
      ai.addDocument({
        assistant: "asistente_cables",
        documentId: "doc-1",
        file: { url: "https://files.test/ficha.pdf", name: "ficha.pdf" },
        productId: "THW12",
      }),
    method: "POST",
    path: `${AI}/documents`,
    body: { id: "doc-1", file: { url: "https://files.test/ficha.pdf", name: "ficha.pdf" }, table: "asistente_cables", id_product: "THW12" },
    reply: { json: { status: 200 } },
    expected: { documentId: "doc-1" },
  },
  {
    name: "deleteDocument",
    call: (ai) => ai.deleteDocument({ assistant: "asistente_cables", documentId: "doc-1" }),
    method: "DELETE",
    path: `${AI}/delete-document`,
    body: { table: "asistente_cables", id: "doc-1" },
    reply: { json: { status: 200 } },
    expected: undefined,
  },
  {
    name: "getDocument",
    call: (ai) => ai.getDocument({ assistant: "asistente_cables", documentId: "doc-1" }),
    method: "POST",
    path: `${AI}/get-document`,
    body: { table_name: "asistente_cables", id: "doc-1" },
    reply: { json: { status: 200, message: '[{"page_content":"Página 1"},{"page_content":"Página 2"}]' } },
    expected: { documentId: "doc-1", pages: ["Página 1", "Página 2"] },
  },
  {
    name: "ask",
    call: (ai) => ai.ask({ assistant: "asistente_cables", question: "¿Qué calibre tiene?" }),
    method: "GET",
    path: `${AI}/ask`,
    query: { question: "¿Qué calibre tiene?", assistant_name: "asistente_cables", token: TOKEN },
    reply: { json: { status: 200, message: "Calibre 12 AWG." } },
    expected: { answer: "Calibre 12 AWG." },
  },
  {
    name: "askWithSummary",
    call: (ai) => ai.askWithSummary({ assistant: "asistente_cables", message: "¿Y el voltaje?", summary: "Preguntó por calibre" }),
    method: "GET",
    path: `${AI}/ask_summary`,
    query: { message: "¿Y el voltaje?", table_name: "asistente_cables", summary: "Preguntó por calibre" },
    reply: { json: { response: "600 V.", summary: "Preguntó por calibre y voltaje" } },
    expected: { response: "600 V.", summary: "Preguntó por calibre y voltaje" },
  },
];

describe("AI HTTP adapter", () => {
  const server = describeContracts({ system: "ai", origin: AI_ORIGIN, basePath: "", makePort: makeAi, contracts: aiContracts });

  it("a status other than 200 inside the answer is a refusal with the service's message", async () => {
    answer(server, AI_ORIGIN, { json: { status: 500, message: "documento sin texto" } });
    const error = await expectIntegrationError(
      makeAi(2000).generateDescription({ productName: "X", file: { url: "https://f/x.pdf", name: "x.pdf" } }),
      { system: "ai", call: "generateDescription", kind: "rejected", status: 500 },
    );
    expect((error as Error).message).toContain("documento sin texto");
  });

  it("empty features text means no properties", async () => {
    answer(server, AI_ORIGIN, { json: { status: 200, description: "Texto", features: "" } });
    expect(await makeAi(2000).generateDescription({ productName: "X", file: { url: "u", name: "n" } })).toEqual({
      description: "Texto",
      features: [],
    });
  });

  it("features that are not valid JSON make the answer invalid", async () => {
    answer(server, AI_ORIGIN, { json: { status: 200, description: "Texto", features: "[{name:" } });
    await expectIntegrationError(makeAi(2000).generateDescription({ productName: "X", file: { url: "u", name: "n" } }), {
      system: "ai",
      kind: "invalid_response",
    });
  });

  it("a document the assistant does not have is null", async () => {
    answer(server, AI_ORIGIN, { json: { message: "not found" }, status: 404 });
    expect(await makeAi(2000).getDocument({ assistant: "a_b_c_d", documentId: "x" })).toBeNull();
  });
});
