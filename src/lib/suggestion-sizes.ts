/**
 * How many matches the header's suggestions list counts and returns (spec §9: limit 150, take 50), and
 * how many it asks for first: the rows its 500 px show at once (~61 px each) and two more. Most
 * queries are keystrokes on the way to a part number and nobody scrolls their lists, so each asks for
 * the first rows and only a list scrolled towards its end asks for the spec's 50 (issue 19).
 */
export const SUGGESTION_LIMIT = 150;
export const SUGGESTION_TAKE = 50;
export const SUGGESTION_FIRST_TAKE = 10;
