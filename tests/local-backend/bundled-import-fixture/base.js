export const base = 41;
