// LIKE patterns from what a user typed: its own %, _ and \ are taken literally (the queries say
// `escape '\'`), so a search for "50%" finds "50%" and not everything starting with "50".

export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A pattern finding the text anywhere. */
export const containsPattern = (text: string): string => `%${likeEscaped(text)}%`;
