// Public surface of the feedback feature (issue 17): the page the user menu links to.
export { FeedbackPage } from './pages/FeedbackPage.tsx';
