// One chunk for the auth screens: they are visited together.
export { LoginPage } from './login-page';
export { RegisteredPage } from './registered-page';
export { ResetPasswordPage } from './reset-password-page';
export { SetNewPasswordPage } from './set-new-password-page';
export { SignupPage } from './signup-page';
export { VerifyPage } from './verify-page';
