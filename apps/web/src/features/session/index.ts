// Public surface of the session feature (tokens, login/logout, current user, session timers).
export { useSession, isLoggedIn, useIsLoggedIn } from './state.ts';
export { login, completeLogin, resendLoginCode, refreshTokens } from './login.ts';
export type { LoginChallenge } from './api/post-token.ts';
export { logout, onLogout, installAuthHandlers } from './logout.ts';
export type { LogoutOptions } from './logout.ts';
export { useLoggedInPage } from './logged-in-pages.ts';
export { useCurrentUser, userInfoQueryOptions, getUserInfo, USER_INFO_KEY } from './api/get-user-info.ts';
export type { CurrentUser } from './api/get-user-info.ts';
export { tokenExpiryMs, isTokenExpired, tokenSubject } from './jwt.ts';
export { AutoLogout } from './components/AutoLogout.tsx';
export { clientInit, ensureClientInit } from './client-init.ts';
export type { ClientInitResult } from './client-init.ts';
export { UserMenu } from './components/UserMenu.tsx';
export { initials } from './initials.ts';
