/*
 * What object spread and rest mean in ES2022, in place of the Babel helpers Conform's packages carry
 * (two copies, written for old browsers). Same results for the objects a form library spreads: own
 * enumerable properties, symbols included, copied as plain data properties.
 */
export function objectSpread2(target, ...sources) {
  for (const source of sources) if (source != null) Object.assign(target, { ...source });
  return target;
}

export function objectWithoutProperties(source, excluded) {
  if (source == null) return {};
  const target = {};
  for (const key of Reflect.ownKeys(source)) {
    if (!excluded.includes(key) && Object.prototype.propertyIsEnumerable.call(source, key)) target[key] = source[key];
  }
  return target;
}
