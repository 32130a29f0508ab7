import { createFileRoute } from '@tanstack/react-router';
import faq from 'virtual:doc/faq';
import { AppLink } from '@/components/ui/app-link';
import { DocumentSections } from '@/components/ui/document-sections';

export const Route = createFileRoute('/faq')({
  staticData: { page: { title: 'よくある質問', stackType: 'dynamic', parent: '/', visitorAllowed: true } },
  component: FaqPage,
});

function FaqPage() {
  return (
    <div className="page-body">
      <DocumentSections sections={faq.sections} variant="accordion" />
      <section className="card">
        <p className="muted">解決しない場合は、お問い合わせフォームからご連絡ください。</p>
        <AppLink href="/contact" className="button button--outline button--block">
          お問い合わせ
        </AppLink>
      </section>
    </div>
  );
}
