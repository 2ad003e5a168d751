import { describe, expect, it } from "vitest";
// The published helpers, read from the package's files (its exports map does not list them).
// @ts-expect-error: the package ships no types for its build helpers.
import * as babel from "../../node_modules/@conform-to/react/dist/_virtual/_rollupPluginBabelHelpers.mjs";
import * as native from "../../scripts/babel-helpers.mjs";

const tag = Symbol("tag");
const hidden = (o: object) => Object.defineProperty(o, "hidden", { value: 1, enumerable: false });

/** Own keys with their descriptors' shape, so two objects compare property by property. */
const shape = (o: object) => Reflect.ownKeys(o).map((k) => [String(k), Object.getOwnPropertyDescriptor(o, k)]);

describe("native object spread and rest give the objects Babel's helpers give (decision 0036)", () => {
  const spreads: Array<[string, () => unknown[]]> = [
    ["one source", () => [{}, { a: 1, b: "x" }]],
    ["later keys win, order kept", () => [{ a: 1 }, { b: 2 }, { a: 3, c: [1] }]],
    ["null and undefined sources", () => [{ a: 1 }, null, undefined, { b: 2 }]],
    ["symbol keys", () => [{}, { [tag]: "s", a: 1 }]],
    ["non-enumerable skipped", () => [{}, hidden({ a: 1 })]],
    ["nested objects by reference", () => [{}, { form: { id: "f" } }, {}, { state: { key: 1 } }]],
  ];
  it.each(spreads)("objectSpread2: %s", (_, args) => {
    const ours = native.objectSpread2(...(args() as [object, ...object[]]));
    const theirs = babel.objectSpread2(...(args() as [object, ...object[]]));
    expect(shape(ours)).toEqual(shape(theirs));
  });

  const rests: Array<[string, () => [object | null, PropertyKey[]]]> = [
    ["plain", () => [{ a: 1, b: 2, c: 3 }, ["b"]]],
    ["nothing excluded", () => [{ a: 1 }, []]],
    ["null source", () => [null, ["a"]]],
    ["symbol kept and excluded", () => [{ [tag]: 1, a: 2 }, ["a"]]],
    ["non-enumerable skipped", () => [hidden({ a: 1 }), []]],
  ];
  it.each(rests)("objectWithoutProperties: %s", (_, args) => {
    expect(shape(native.objectWithoutProperties(...args()))).toEqual(shape(babel.objectWithoutProperties(...args())));
  });
});
