import { constraintsOf } from "~/lib/constraints";
import { OrdersListQuery } from "./filters";
import { ORDER_EDIT_SPEC_MESSAGES, OrderEditSchema } from "./order-edit-form";
import { CustomerReportForm } from "./reports.server";

/** The orders screen's native constraints for its forms without Conform (the list loads no Zod in the browser). */
export const ORDER_CONSTRAINTS = {
  list: constraintsOf(OrdersListQuery),
  customerReport: constraintsOf(CustomerReportForm),
};

/** The order edit form's native constraints (orders dialog and messages conversation). */
export const ORDER_EDIT_CONSTRAINT = constraintsOf(OrderEditSchema, { specMessages: ORDER_EDIT_SPEC_MESSAGES });
