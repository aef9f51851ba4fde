import { EmbeddedForm } from '@/components/embeds/embedded-form';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useChamber } from '@/lib/chamber/use-chamber';
import { NominationForm, type NominationCategory } from './nomination-form';

/** Height of an embedded survey before the provider's script sizes it. */
const SURVEY_HEIGHT = 900;

const tabs: {
  category: NominationCategory;
  label: string;
  title: string;
  intro: string;
  embed: 'businessOfMonthSurveyUrl' | 'customerServiceSurveyUrl';
}[] = [
  {
    category: 'business_of_month',
    label: 'Business of the Month',
    title: 'Nominate a Business of the Month',
    intro:
      'Know a member business that made a difference this month: a great opening, a community project, or simply outstanding work? Tell us about it.',
    embed: 'businessOfMonthSurveyUrl',
  },
  {
    category: 'customer_service',
    label: 'Customer Service Superstar',
    title: 'Nominate a Customer Service Superstar',
    intro:
      'Recognise the person who went above and beyond for you: the cashier who remembered your name, the technician who came out on a Sunday.',
    embed: 'customerServiceSurveyUrl',
  },
];

/** The two nomination forms in tabs: the chamber's embedded survey, or the portal's own form. */
export function NominationTabs() {
  const { location, locationError } = useChamber();
  return (
    <Tabs defaultValue={tabs[0]!.category} className="grid gap-2">
      <TabsList className="h-auto w-full flex-col items-stretch sm:h-10 sm:w-fit sm:flex-row">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.category} value={tab.category} className="py-2 sm:py-0">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent
          key={tab.category}
          value={tab.category}
          className="grid gap-6 rounded-2xl border bg-card p-5 shadow-sm sm:p-8"
        >
          <div className="grid gap-2">
            <h3 className="text-xl font-semibold">{tab.title}</h3>
            <p className="max-w-2xl text-muted-foreground">{tab.intro}</p>
          </div>
          {!location && !locationError ? (
            <Skeleton className="h-96 w-full" />
          ) : location?.[tab.embed] ? (
            <EmbeddedForm
              src={location[tab.embed]}
              title={`${tab.title} survey`}
              height={SURVEY_HEIGHT}
              scriptSrc={location.formEmbedScriptUrl}
            />
          ) : (
            <NominationForm category={tab.category} />
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
