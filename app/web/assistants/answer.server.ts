import type { RefusalCause } from "~/modules/assistants/assistants.server";

/** The HTTP status of each cause an assistant command refuses with (the dialog is shown again with it). */
export const ASSISTANT_STATUS = { rules: 400, exists: 409, integration: 502 } as const satisfies Record<RefusalCause, number>;
