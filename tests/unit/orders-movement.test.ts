import { describe, expect, it } from "vitest";
import {
  checkMovement,
  creditNoteMatches,
  editability,
  expectedItems,
  MOVEMENT_MESSAGES as M,
  mergeSkuQty,
  movementTotal,
  planOrderEdit,
  type EditableOrder,
  type EditFacts,
  type EditRequest,
  type MovementLine,
} from "~/modules/orders/movement";
import { packageOwnerChoices } from "~/modules/orders/movement";

// An order selling 2 × (cable ×1) and 1 × (foco ×3): expected THW12 ×2, FOCO9W ×3.
const productsOrder = [
  { sales: 2, linkedProducts: [{ sku: "thw12", qty: 1 }] },
  { sales: 1, linkedProducts: [{ sku: "FOCO9W", qty: 3 }] },
];
// Σ price × qty = 2 × 1000 + 3 × 40.95 = 2122.85 → × 1.16 = 2462.506 → 2462.51
const BALANCE = 2462.51;
const line = (sku: string, quantity: number, price: number, over: Partial<MovementLine> = {}): MovementLine => ({
  sku,
  quantity,
  price,
  reservedQuantity: quantity,
  warehouse: "1ML",
  client: "MLPR",
  ...over,
});
const GOOD = [line("THW12", 2, 1000), line("FOCO9W", 3, 40.95)];

const order = (over: Partial<EditableOrder> = {}): EditableOrder => ({
  intelisisMovement: null,
  creditNote: null,
  packageManager: null,
  orderStatus: "paid",
  comments: null,
  splittedOrder: null,
  balance: BALANCE,
  logisticType: "drop_off",
  productsOrder,
  ...over,
});
const facts = (over: Partial<EditFacts> = {}): EditFacts => ({ usedElsewhere: false, packageManagers: ["Luis", "Fernanda"], ...over });
const found = (lines: MovementLine[]) => ({ found: true as const, lines });
const note = (lines: Array<[string, number]>) => ({ found: true as const, lines: lines.map(([sku, quantity]) => ({ sku, quantity })) });

describe("pure pieces", () => {
  it("merges duplicates, upper-cases and sorts", () => {
    expect(
      mergeSkuQty([
        { sku: "b", qty: 1 },
        { sku: "A", qty: 2 },
        { sku: "B", qty: 3 },
      ]),
    ).toEqual([
      { sku: "A", qty: 2 },
      { sku: "B", qty: 4 },
    ]);
  });
  it("expected items are sales × linked qty", () => {
    expect(expectedItems(productsOrder)).toEqual([
      { sku: "FOCO9W", qty: 3 },
      { sku: "THW12", qty: 2 },
    ]);
  });
  it("total = Σ price × qty + 16 % VAT rounded to cents, service lines excluded", () => {
    expect(movementTotal(GOOD)).toBe(2462.51);
    expect(movementTotal([...GOOD, line("SERV2", 1, 120.69), line("serv10", 1, 50)])).toBe(2462.51);
  });
  it("credit notes compare merged, sorted sku/qty lists", () => {
    expect(
      creditNoteMatches(
        [
          { sku: "foco9w", quantity: 1 },
          { sku: "THW12", quantity: 2 },
          { sku: "FOCO9W", quantity: 2 },
        ],
        GOOD,
      ),
    ).toBe(true);
    expect(creditNoteMatches([{ sku: "THW12", quantity: 2 }], GOOD)).toBe(false);
    expect(creditNoteMatches([], GOOD)).toBe(false);
  });
  it("editability follows the modal rules", () => {
    expect(editability(order())).toEqual({ movement: true, creditNote: false, packageManager: true });
    expect(editability(order({ intelisisMovement: "5601" }))).toEqual({ movement: false, creditNote: true, packageManager: true });
    expect(editability(order({ intelisisMovement: "5601", creditNote: "NC1" }))).toMatchObject({ creditNote: false });
    expect(editability(order({ packageManager: "Luis" })).packageManager).toBe(false);
    expect(editability(order({ orderStatus: "cancelled" })).packageManager).toBe(false);
  });
});

describe("checkMovement: every rule of a new movement", () => {
  it.each<[string, MovementLine[], Partial<EditableOrder>, true | string]>([
    ["matching lines", GOOD, {}, true],
    ["plus a SERV2 service line", [...GOOD, line("SERV2", 1, 120.69)], {}, true],
    ["balance within 0.02", GOOD, { balance: BALANCE + 0.02 }, true],
    ["balance off by 0.03", GOOD, { balance: BALANCE + 0.03 }, M.itemsMismatch],
    ["prices 10 % higher", GOOD.map((l) => ({ ...l, price: l.price * 1.1 })), {}, M.itemsMismatch],
    ["an item replaced", [line("THW12", 2, 1000), line("OTRO", 3, 40.95)], {}, M.itemsMismatch],
    ["a quantity short", [line("THW12", 1, 2000), line("FOCO9W", 3, 40.95)], {}, M.itemsMismatch],
    ["reserved one unit short", [line("THW12", 2, 1000, { reservedQuantity: 1 }), line("FOCO9W", 3, 40.95)], {}, M.itemsMismatch],
    ["no lines but service", [line("SERV2", 1, 2122.85)], {}, M.itemsMismatch],
    ["duplicated lines merge", [line("THW12", 1, 1000), line("thw12", 1, 1000), line("FOCO9W", 3, 40.95)], {}, true],
    ["FJ on a regular order", GOOD.map((l) => ({ ...l, warehouse: "FJ" })), {}, M.warehouse],
    ["1ML on a fulfillment order", GOOD, { logisticType: "fulfillment" }, M.warehouse],
    ["FJ on a fulfillment order", GOOD.map((l) => ({ ...l, warehouse: "FJ" })), { logisticType: "fulfillment" }, true],
    ["1ML on collection", GOOD, { logisticType: "cross_docking" }, true],
    ["1ML on a acordar", GOOD, { logisticType: "not_specified" }, true],
    ["1ML on places", GOOD, { logisticType: "xd_drop_off" }, true],
    ["FJ on places", GOOD.map((l) => ({ ...l, warehouse: "FJ" })), { logisticType: "xd_drop_off" }, M.warehouse],
    ["any warehouse on ecommerce", GOOD.map((l) => ({ ...l, warehouse: "M" })), { logisticType: "ecommerce" }, true],
    ["client other than MLPR", GOOD.map((l) => ({ ...l, client: "C00101" })), {}, M.warehouse],
  ])("%s", (_name, lines, over, expected) => {
    const result = checkMovement(lines, order(over));
    if (expected === true) expect(result).toMatchObject({ ok: true });
    else expect(result).toMatchObject({ ok: false, message: expected });
  });
});

describe("planOrderEdit: every branch of spec 1 §5", () => {
  type Case = [
    name: string,
    o: Partial<EditableOrder>,
    req: EditRequest,
    f: Partial<EditFacts>,
    expected: { ok: boolean; branch?: string; message: string; changes?: object; field?: string },
  ];
  it.each<Case>([
    [
      "no movement → comments and package owner only",
      {},
      { comments: "hola", packageManager: "Luis" },
      {},
      {
        ok: true,
        branch: "no-movement",
        message: "Responsable del paquete actualizado",
        changes: { comments: "hola", packageManager: "Luis" },
      },
    ],
    [
      "no movement, comments only",
      {},
      { comments: "hola" },
      {},
      { ok: true, branch: "no-movement", message: M.commentsOnly, changes: { comments: "hola" } },
    ],
    [
      "own movement, package owner set",
      { intelisisMovement: "5001" },
      { packageManager: "Luis" },
      {},
      { ok: true, branch: "own-movement", message: "Responsable del paquete actualizado", changes: { packageManager: "Luis" } },
    ],
    ["no movement, nothing changed", {}, {}, {}, { ok: true, branch: "no-movement", message: M.commentsOnly, changes: {} }],
    [
      "movement used by another order this year → comments only, warning",
      {},
      { intelisisMovement: "5601", comments: "x", packageManager: "Luis" },
      { usedElsewhere: true },
      { ok: true, branch: "already-used", message: M.alreadyUsed, changes: { comments: "x" } },
    ],
    [
      "used elsewhere + matching credit note → comments only",
      {},
      { intelisisMovement: "5601", creditNote: "NCM1", comments: "x" },
      {
        usedElsewhere: true,
        movement: found(GOOD),
        creditNote: note([
          ["THW12", 2],
          ["FOCO9W", 3],
        ]),
      },
      { ok: true, branch: "already-used", message: M.alreadyUsed, changes: { comments: "x" } },
    ],
    [
      "used elsewhere + mismatching credit note → error, nothing saved",
      {},
      { intelisisMovement: "5601", creditNote: "NCX1", comments: "x" },
      {
        usedElsewhere: true,
        movement: found(GOOD),
        creditNote: note([
          ["THW12", 3],
          ["FOCO9W", 3],
        ]),
      },
      { ok: false, message: M.creditNoteMismatch, field: "creditNote" },
    ],
    [
      "new movement matching → saved, applied to split orders",
      {},
      { intelisisMovement: "5601", comments: "ok", splittedOrder: "2000000000000002" },
      { movement: found(GOOD) },
      {
        ok: true,
        branch: "new-movement",
        message: M.saved,
        changes: { intelisisMovement: "5601", comments: "ok", splittedOrder: "2000000000000002" },
      },
    ],
    [
      "new movement unknown to the ERP",
      {},
      { intelisisMovement: "1234" },
      { movement: { found: false } },
      { ok: false, message: M.itemsMismatch, field: "intelisisMovement" },
    ],
    [
      "new movement with wrong total",
      {},
      { intelisisMovement: "5603" },
      { movement: found(GOOD.map((l) => ({ ...l, price: l.price * 1.1 }))) },
      { ok: false, message: M.itemsMismatch, field: "intelisisMovement" },
    ],
    [
      "new movement with wrong warehouse",
      {},
      { intelisisMovement: "5604" },
      { movement: found(GOOD.map((l) => ({ ...l, warehouse: "FJ" }))) },
      { ok: false, message: M.warehouse, field: "intelisisMovement" },
    ],
    [
      "own movement + matching credit note → saved upper-cased",
      { intelisisMovement: "5001" },
      { intelisisMovement: "5001", creditNote: "ncm5001" },
      {
        movement: found(GOOD),
        creditNote: note([
          ["THW12", 2],
          ["FOCO9W", 3],
        ]),
      },
      { ok: true, branch: "own-movement", message: M.saved, changes: { creditNote: "NCM5001" } },
    ],
    [
      "own movement + mismatching credit note → error",
      { intelisisMovement: "5001" },
      { creditNote: "NCX5001" },
      { movement: found(GOOD), creditNote: note([["THW12", 2]]) },
      { ok: false, message: M.creditNoteMismatch, field: "creditNote" },
    ],
    [
      "own movement + unknown credit note → error",
      { intelisisMovement: "5001" },
      { creditNote: "NC404" },
      { movement: found(GOOD), creditNote: { found: false } },
      { ok: false, message: M.creditNoteMismatch, field: "creditNote" },
    ],
    [
      "changing an assigned movement is refused",
      { intelisisMovement: "5001" },
      { intelisisMovement: "5002" },
      {},
      { ok: false, message: M.review, field: "intelisisMovement" },
    ],
    [
      "changing a set package owner is refused",
      { packageManager: "Luis" },
      { packageManager: "Fernanda" },
      {},
      { ok: false, message: M.review, field: "packageManager" },
    ],
    [
      "a package owner not in the list is refused",
      {},
      { packageManager: "Mallory" },
      {},
      { ok: false, message: M.review, field: "packageManager" },
    ],
    [
      "a cancelled order keeps its owner empty",
      { orderStatus: "cancelled" },
      { packageManager: "Luis" },
      {},
      { ok: false, message: M.review, field: "packageManager" },
    ],
    [
      "a second credit note is refused",
      { intelisisMovement: "5001", creditNote: "NC1" },
      { creditNote: "NC2" },
      {},
      { ok: false, message: M.review, field: "creditNote" },
    ],
  ])("%s", (_name, o, req, f, expected) => {
    const plan = planOrderEdit(order(o), req, facts(f));
    expect(plan.ok).toBe(expected.ok);
    expect(plan.message).toBe(expected.message);
    if (expected.branch) expect(plan.branch).toBe(expected.branch);
    if (plan.ok && expected.changes) expect(plan.changes).toEqual(expected.changes);
    if (!plan.ok && expected.field) expect(plan.fieldErrors?.[expected.field]?.length).toBeGreaterThan(0);
  });

  it("only a new movement is applied to the split orders", () => {
    const plan = planOrderEdit(order(), { intelisisMovement: "5601" }, facts({ movement: found(GOOD) }));
    expect(plan).toMatchObject({ ok: true, applyToSplit: true });
    const own = planOrderEdit(order({ intelisisMovement: "5601" }), {}, facts());
    expect(own).toMatchObject({ ok: true, applyToSplit: false });
  });
});

describe("package owners offered per screen (spec 1 §2)", () => {
  const staff = ["Luis", "Fernanda", "Jorge", "Alejandra", "Ricardo", "Daniela"];
  it.each([
    ["orders", 4],
    ["messages", 6],
  ] as const)("%s screen offers %i first names", (screen, n) => {
    expect(packageOwnerChoices(staff, screen)).toEqual(staff.slice(0, n));
  });
});
