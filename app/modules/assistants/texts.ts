/** The assistants' paths, texts and limits, apart from the schemas (the list loads no zod). */

export const ASSISTANTS_PATH = "/chatbot-documents";

export const ASSISTANTS_PAGE_SIZE = 8;

export const DOCUMENTS_PAGE_SIZE = 10;

/** Files offered by the "pick an existing PDF" list. */
export const LIBRARY_PAGE_SIZE = 8;

export const PDF_MAX_BYTES = 20 * 1024 * 1024;

export const PDF_MIME = "application/pdf";

export const SKU_MAX = 60;

export const QUESTION_MAX = 1000;

/** The name becomes a table name in the AI service: PostgreSQL identifiers stop at 63 bytes. */
export const ASSISTANT_NAME_MAX = 63;

export const ASSISTANT_TEXTS = {
  title: "Asistentes IA",
  newButton: "Nuevo asistente",
  newTitle: "Nuevo asistente",
  create: "Crear",
  update: "Actualizar",
  nameLabel: "Nombre del asistente",
  nameHint: "Letras sin acentos, números y guion bajo; sin espacios. No se puede cambiar después.",
  skuLabel: "SKU del producto del nuevo documento",
  uploadLabel: "Subir ficha técnica (PDF, máximo 20 MB)",
  pickLabel: "O elige un PDF de la biblioteca",
  chatTitle: "Nuevo chat",
  questionLabel: "Pregunta",
  send: "Enviar",
  empty: "No hay asistentes que coincidan con la búsqueda.",
  noDocuments: "Este asistente aún no tiene documentos.",
  noLibrary: "No hay archivos PDF que coincidan.",
  readOnly: "Este asistente está restringido: solo Admin y Developer pueden agregar o eliminar documentos.",
  restricted: "Restringido",
  notFoundTitle: "Asistente no encontrado",
  notFoundText: "El asistente no existe o fue eliminado.",
  documentNotFoundTitle: "Documento no encontrado",
  documentNotFoundText: "El documento no existe o fue eliminado.",
  deleteTitle: "Eliminar asistente",
  deleteDocumentTitle: "Eliminar documento",
  viewerTitle: "Documento",
  viewerEmpty: "El documento no tiene contenido.",
  created: "Asistente creado",
  // Spec 8: a delete's toast is titled by the noun alone; "Información agregada/actualizada exitosamente" by "Obteniendo información".
  deleted: "Asistente",
  documentAdded: "Obteniendo información",
  documentDeleted: "Documento eliminado",
  forbiddenTitle: "Sin permiso",
  forbiddenText: "Solo Admin y Developer pueden modificar los documentos de este asistente.",
} as const;

/** Spec 8: the toast texts. */
export const ASSISTANT_MESSAGES = {
  created: "Se ha creado exitosamente",
  documentAdded: "Información agregada/actualizada exitosamente",
  deleted: "Se ha eliminado exitosamente",
} as const;

/** Spec 5 'Assistant': the name rule's title and its two reasons. */
export const NAME_TEXTS = {
  title: "Nombre del Asistente inválido",
  short: "Nombre del Asistente inválido: escribe al menos 4 caracteres (mínimo cuatro caracteres)",
  characters: "Nombre del Asistente inválido: usa solo letras sin acentos, números y guion bajo, sin espacios (Sin caracteres especiales)",
  long: `Nombre del Asistente inválido: máximo ${ASSISTANT_NAME_MAX} caracteres`,
  taken: "Ya existe un asistente con ese nombre.",
} as const;

/** Spec 5: the document refusals, as toast title and text. */
export const DOCUMENT_ERRORS = {
  noDocument: {
    title: "No hay documento",
    message: "Error al actualizar asistente, no has agregado un documento para actualizar su información",
  },
  missingSku: { title: "Falta Sku del Documento", message: 'Es necesario ingresar el campo "SKU del producto del nuevo documento"' },
  exists: { title: "Documento ya existente", message: "Ya existe un documento con ese nombre." },
  invalidPdf: { title: "Documento no válido", message: "La ficha técnica debe ser un archivo PDF de máximo 20 MB." },
  invalidSku: { title: "SKU inválido", message: `El SKU debe tener como máximo ${SKU_MAX} caracteres, sin espacios.` },
  aiFailed: { title: "No se pudo agregar el documento" },
} as const;

/** Spec 8, chat: the failure bubble and what an assistant without documents answers. */
export const CHAT_TEXTS = {
  failure: "Ha ocurrido un error en el sistema, vuelve a intentarlo",
  noDocuments:
    "Todavía no puedo responder bien tus preguntas: este asistente aún no tiene documentos específicos. Agrega fichas técnicas para mejorar mis respuestas.",
  greeting: "Hola, soy el asistente {name}. Pregúntame sobre los productos de mis fichas técnicas.",
  thinking: "Escribiendo…",
} as const;

export function deleteDocumentQuestion(assistantName: string) {
  return `¿Esta seguro que desea eliminar este documento el asistente ${assistantName}?`;
}

/** Only the list's own parameters, so a dialog's close link drops the dialog's ones. */
export function listSearchOf(search: string) {
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const key of ["search", "page"]) {
    const value = params.get(key);
    if (value) out.set(key, value);
  }
  const text = out.toString();
  return text ? `?${text}` : "";
}
