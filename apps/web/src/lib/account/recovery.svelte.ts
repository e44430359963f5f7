// Recovery codes just made (at registration, or regenerated in Settings): shown once, over any screen,
// until the person says they kept them. Nothing keeps them afterwards; the server has only their hashes.
export const recovery = $state<{ codes: string[] | null }>({ codes: null });
