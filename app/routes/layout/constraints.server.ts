import { constraintsOf } from "~/lib/constraints";
import { FeedbackSchema } from "~/modules/feedback/feedback-form";

/** The comment box's native constraints, from the schema /feedback validates with (decision 0029). */
export function feedbackConstraint() {
  return constraintsOf(FeedbackSchema, { specMessages: { text: "missing" } }).text;
}
