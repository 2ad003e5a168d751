import type { PdvRefusalReason } from "~/modules/pdv/box.server";

/** The HTTP status of each reason the till refuses (the form or dialog is shown again with it). */
export const PDV_STATUS = { invalid: 400, missing: 404, conflict: 409, refused: 422, throttled: 429 } as const satisfies Record<PdvRefusalReason, number>;

export const pdvStatus = (refusal: { reason: PdvRefusalReason }) => PDV_STATUS[refusal.reason];
