/** The AI port over custom/ai-connection/*. */
import { z } from "zod";
import { IntegrationError } from "../errors";
import { createHttpClient, type HttpConfig, type HttpMethod, type Query } from "../http/request";
import { askAnswerSchema, askSummaryAnswerSchema, descriptionAnswerSchema, documentAnswerSchema, envelopeSchema } from "./legacy";
import type { AiPort } from "./port";

const BASE = "custom/ai-connection";

export function createHttpAi(config: Omit<HttpConfig, "system">): AiPort {
  const http = createHttpClient({ ...config, system: "ai" });

  /**
   * Fetches, then checks the service's own `status` before reading the answer: a 200 HTTP reply
   * with `status: 500` inside is a refusal, not a malformed answer.
   */
  async function call<T>(
    name: string,
    spec: { method: HttpMethod; path: string; query?: Query; json?: unknown },
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  ): Promise<T> {
    const raw = await http.json({ call: name, ...spec, schema: z.unknown() });
    const envelope = envelopeSchema.safeParse(raw);
    if (envelope.success && envelope.data.status !== undefined && envelope.data.status !== 200) {
      const text = typeof envelope.data.message === "string" ? envelope.data.message : undefined;
      throw new IntegrationError({
        system: "ai",
        call: name,
        kind: "rejected",
        status: envelope.data.status,
        message: text ? `El servicio de IA no pudo completar la solicitud: ${text}` : "El servicio de IA no pudo completar la solicitud.",
        detail: text,
      });
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw new IntegrationError({
        system: "ai",
        call: name,
        kind: "invalid_response",
        detail: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      });
    }
    return parsed.data;
  }

  const ack = z.unknown().transform(() => undefined);

  return {
    generateDescription(input) {
      return call(
        "generateDescription",
        {
          method: "POST",
          path: `${BASE}/ask-description`,
          json: { file: { url: input.file.url, name: input.file.name }, name: input.productName },
        },
        descriptionAnswerSchema,
      );
    },

    async createAssistant(name) {
      await call("createAssistant", { method: "POST", path: `${BASE}/create-asistant`, json: { name } }, ack);
    },

    async deleteAssistant(name) {
      await call("deleteAssistant", { method: "DELETE", path: `${BASE}/delete-asistant`, json: { table_name: name } }, ack);
    },

    async addDocument(input) {
      await call(
        "addDocument",
        {
          method: "POST",
          path: `${BASE}/documents`,
          json: {
            id: input.documentId,
            file: { url: input.file.url, name: input.file.name },
            table: input.assistant,
            id_product: input.productId,
          },
        },
        ack,
      );
      return { documentId: input.documentId };
    },

    async deleteDocument(input) {
      await call(
        "deleteDocument",
        { method: "DELETE", path: `${BASE}/delete-document`, json: { table: input.assistant, id: input.documentId } },
        ack,
      );
    },

    async getDocument(input) {
      try {
        const pages = await call(
          "getDocument",
          { method: "POST", path: `${BASE}/get-document`, json: { table_name: input.assistant, id: input.documentId } },
          documentAnswerSchema,
        );
        return { documentId: input.documentId, pages };
      } catch (error) {
        // The service answers 404 when the assistant has no such document: an ordinary outcome.
        if (error instanceof IntegrationError && error.kind === "rejected" && error.status === 404) return null;
        throw error;
      }
    },

    async ask(input) {
      const answer = await call(
        "ask",
        // The service also expects its token as a query parameter on this call.
        { method: "GET", path: `${BASE}/ask`, query: { question: input.question, assistant_name: input.assistant, token: config.token } },
        askAnswerSchema,
      );
      return { answer };
    },

    askWithSummary(input) {
      return call(
        "askWithSummary",
        {
          method: "GET",
          path: `${BASE}/ask_summary`,
          query: { summary: input.summary || undefined, message: input.message, table_name: input.assistant },
        },
        askSummaryAnswerSchema,
      );
    },
  };
}
