// Public surface of the account feature: the router imports the pages from here.
export { LoginPage } from './pages/LoginPage.tsx';
export { RegisterPage } from './pages/RegisterPage.tsx';
export { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';
export { ChangePasswordPage } from './pages/ChangePasswordPage.tsx';
export { SettingsPage } from './pages/SettingsPage.tsx';
export { ContactPage } from './pages/ContactPage.tsx';
export { ApiTokensSection } from './components/ApiTokensSection.tsx';
