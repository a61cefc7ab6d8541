export { UserProfilePage } from './profile-page.tsx';
