import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { stampedNow, ownedBy } from "./columns";
import { files } from "./system";

/**
 * AI assistants (spec 2 'AI assistant', items/ai_assistants). The name is also the assistant's table
 * in the AI service, so it is unique and never renamed.
 */
export const aiAssistants = pgTable(
  "ai_assistants",
  {
    id: serial("id").primaryKey(),
    assistantName: text("assistant_name").notNull(),
    /**
     * Only Admin and Developer may change a restricted assistant (the old screen hard-coded one
     * assistant id for this); others can open it and chat.
     */
    restricted: boolean("restricted").notNull().default(false),
    createdAt: stampedNow("created_at"),
  },
  (t) => [uniqueIndex("ai_assistants_name_uq").on(sql`lower(${t.assistantName})`)],
);

/** A data sheet indexed by an assistant: the file, the product it documents and the AI service's id. */
export const aiAssistantDocuments = pgTable(
  "ai_assistant_documents",
  {
    id: serial("id").primaryKey(),
    assistantId: ownedBy("assistant_id", () => aiAssistants.id),
    /** The id the AI service knows the document by. */
    documentId: text("document_id").notNull(),
    sku: text("sku").notNull(),
    nameDocument: text("name_document").notNull(),
    fileId: uuid("file_id").references(() => files.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("ai_assistant_documents_assistant_idx").on(t.assistantId, t.id.desc()),
    uniqueIndex("ai_assistant_documents_name_uq").on(t.assistantId, sql`lower(${t.nameDocument})`),
  ],
);
