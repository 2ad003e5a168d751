import { constraintsOf } from "~/lib/constraints";
import { AuthorizeForm, CancelForm, CloseForm, PaymentForm, TillIntent } from "./schemas";

/**
 * The till's native constraints, read from the schemas its actions validate with. The screens load
 * no Zod in the browser: the loaders send these. Where the spec answers a wrong value with its own
 * words, the browser must not answer first (decision 0029):
 * - opening amount: "Por favor ingresa un monto válido.";
 * - scan box: an empty scan is ignored, an unknown code is "No se encontró el producto solicitado.";
 * - quantity: empty, non-numeric or below 1 becomes 1;
 * - payment amounts: "El total pagado es insuficiente.";
 * - confirmation codes: "El código ingresado es erróneo";
 * - cancel: code, manager and reason all needed, "Llena todos los campos para procesar la cancelación".
 */
export const PDV_CONSTRAINTS = {
  till: constraintsOf(TillIntent, { specMessages: { amount: "invalid", query: "invalid", qty: "invalid" } }),
  authorize: constraintsOf(AuthorizeForm, { specMessages: { code: "invalid" } }),
  payment: constraintsOf(PaymentForm, { specMessages: { cash: "invalid", debit: "invalid", credit: "invalid" } }),
  cancel: constraintsOf(CancelForm, { specMessages: { code: "invalid", manager: "missing", reason: "missing" } }),
  close: constraintsOf(CloseForm, { specMessages: { code: "invalid" } }),
};
