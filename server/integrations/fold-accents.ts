/** Lower case with the accents dropped ("Eléctrica" → "electrica"): how names and words are compared. */
export function foldAccents(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}
