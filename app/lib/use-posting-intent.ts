import { useLocation, useNavigation } from "react-router";

/**
 * The `intent` this page's own form is posting right now ("save" when it names none), or null when
 * nothing is being posted here: a form with several buttons shows the busy state on the one pressed.
 */
export function usePostingIntent(): string | null {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formAction?.startsWith(pathname)
    ? String(navigation.formData?.get("intent") ?? "save")
    : null;
}
