// Two stage names are one when they read the same: case, spacing, accents and punctuation aside ("Migs",
// " migs ", "Mígs", "M.I.G.S" are one name). Pure, so migration 0021's backfill keys names the same way.

/** The comparable form of a stage name: letters and digits only, lower case, without accents. */
export function stageNameKey(name: string): string {
  const plain = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const key = plain.replace(/[^\p{L}\p{N}]/gu, '');
  // A name of symbols only still has a key (the name itself, trimmed), so it is unique too.
  return key === '' ? plain.trim() : key;
}
