/**
 * A text's length as the API's checks count it: in characters (code points), so an emoji is one, as zod's
 * length checks count them here. A form that checks a length without zod counts with this.
 */
export const characters = (text: string): number => [...text].length;
