/**
 * The AI service (custom/ai-connection/*): per-assistant document stores built from product data
 * sheets, question answering over them, and product description generation.
 *
 * An assistant is addressed by its name, which the service also uses as its table name
 * (`table`, `table_name`, `assistant_name` in the legacy payloads).
 */

export type SourceFile = { url: string; name: string };

export type ProductFeature = { name: string; value: string };

export type GeneratedDescription = {
  description: string;
  /** Properties read from the data sheet; empty when none could be extracted. */
  features: ProductFeature[];
};

export type AssistantDocument = {
  documentId: string;
  /** The page texts (page_content) the service extracted. */
  pages: string[];
};

export interface AiPort {
  /** POST custom/ai-connection/ask-description: description and features from a data sheet. */
  generateDescription(input: { productName: string; file: SourceFile }): Promise<GeneratedDescription>;
  /** POST custom/ai-connection/create-asistant (the legacy path keeps its spelling). */
  createAssistant(name: string): Promise<void>;
  /** DELETE custom/ai-connection/delete-asistant */
  deleteAssistant(name: string): Promise<void>;
  /** POST custom/ai-connection/documents: indexes a data sheet for an assistant. */
  addDocument(input: { assistant: string; documentId: string; file: SourceFile; productId: string }): Promise<{ documentId: string }>;
  /** DELETE custom/ai-connection/delete-document */
  deleteDocument(input: { assistant: string; documentId: string }): Promise<void>;
  /** POST custom/ai-connection/get-document; null when the assistant has no such document. */
  getDocument(input: { assistant: string; documentId: string }): Promise<AssistantDocument | null>;
  /** GET custom/ai-connection/ask: one question, one answer. */
  ask(input: { assistant: string; question: string }): Promise<{ answer: string }>;
  /** GET custom/ai-connection/ask_summary: a chat turn carrying the running conversation summary. */
  askWithSummary(input: { assistant: string; message: string; summary?: string | null }): Promise<{ response: string; summary: string }>;
}
