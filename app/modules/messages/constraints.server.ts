import { constraintsOf } from "~/lib/constraints";
import { CannedReplySchema, MessagesQuery, ReplyBox } from "./schemas";

/** The messages screen's native constraints, from its schemas (the screen loads no Zod in the browser). */
export const MESSAGE_CONSTRAINTS = {
  // Spec 1 §5: a reply with neither text nor file is "Mensaje no enviado" / "No se ha ingresado mensaje o archivo.".
  reply: constraintsOf(ReplyBox, { specMessages: { message: "missing" } }),
  template: constraintsOf(CannedReplySchema),
  list: constraintsOf(MessagesQuery),
};
