// The angles a page tool rotates pages by. Apart from the page tools (../tools.ts, which load the
// PDF parser), so the doors that check a request's angle (REST, A2A) do not load them.
export const ROTATIONS = [90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];
