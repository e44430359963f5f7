// An account this tab was signed in to, then found signed out by the server (its device's token revoked: a
// password change, a recovery or "log out other devices" on another device). Said once, until dismissed,
// instead of the tab silently going on as a new guest.
export const signedOut = $state<{ username: string | null }>({ username: null });
