import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. No merging of conflicting utilities: every shared component's classes and the
 * classes callers add touch different properties (or a component class, which utilities override by
 * layer), and a merge library would weigh more than half of a list page's own script.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
