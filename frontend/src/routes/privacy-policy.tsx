import { createFileRoute } from '@tanstack/react-router';
import privacyPolicy from 'virtual:doc/privacy-policy';
import { DocumentPage } from '../components/ui/document-sections';

export const Route = createFileRoute('/privacy-policy')({
  component: () => <DocumentPage document={privacyPolicy} />,
});
