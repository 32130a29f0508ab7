import { createFileRoute } from '@tanstack/react-router';
import privacyPolicy from 'virtual:doc/privacy-policy';
import { DocumentPage } from '@/components/ui/document-sections';

export const Route = createFileRoute('/privacy-policy')({
  staticData: {
    page: { title: 'プライバシーポリシー', stackType: 'dynamic', parent: '/', visitorAllowed: true },
  },
  component: () => <DocumentPage document={privacyPolicy} />,
});
