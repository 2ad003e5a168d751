-- Custom (not generated): a PDF uploaded to an assistant was stored as a library upload, so it was
-- listed in "Archivos subidos" and, once its document was deleted, served to every signed-in user.
-- Such documents now carry their own origin. A PDF an assistant uses that is not also a product's
-- data sheet is taken to be the assistant's own; a shared data sheet stays in the library.
UPDATE "files" SET "origin" = 'assistant'
 WHERE "origin" = 'upload'
   AND "id" IN (SELECT "file_id" FROM "ai_assistant_documents" WHERE "file_id" IS NOT NULL)
   AND "id" NOT IN (SELECT "data_sheet_id" FROM "products" WHERE "data_sheet_id" IS NOT NULL);
