import { useCallback } from "react";
import { canFollow } from "./access";
import { useAppUser } from "./use-app-user";

/**
 * For links to another screen: whether the signed-in user may follow one (the access matrix decides,
 * as the guard will). A link the role may not follow is shown as its text alone.
 */
export function useCanFollow() {
  const user = useAppUser();
  return useCallback((href: string) => canFollow(user, href), [user]);
}
