import { constraintsOf } from "~/lib/constraints";
import { OrdersListQuery } from "./filters";
import { CustomerReportForm } from "./reports.server";

/** The orders screen's native constraints for its forms without Conform (the list loads no Zod in the browser). */
export const ORDER_CONSTRAINTS = {
  list: constraintsOf(OrdersListQuery),
  customerReport: constraintsOf(CustomerReportForm),
};
