import {
  CATEGORIES,
  CATEGORY_TITLES,
  HAIR_LENGTHS,
  HAIR_LENGTH_TITLES,
  PRODUCT,
  type Category,
  type HairLength,
} from '../../../contract/constants';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { BeautyIcon, HairIcon, MakeUpIcon } from '../../components/icons';
import { RadioCards } from '../../components/radio-cards';
import * as css from './booking.css';

export const CHOICE_COPY = {
  single: 'Solo 1',
  salotto: `Salotto di ${PRODUCT} (2+ persone)`,
  salottoNote: 'Include una beauty box in omaggio',
  participants: 'Persone',
  category: 'Categoria',
  hair: 'Lunghezza dei capelli',
  fewer: 'Una persona in meno',
  more: 'Una persona in più',
  count: 'Numero di persone',
} as const;

export function ParticipantsStep() {
  const actor = useAppActor();
  const value = useAppSelector((snapshot) => snapshot.context.draft.participants ?? '');
  return (
    <RadioCards
      label={CHOICE_COPY.participants}
      hideLabel
      value={value}
      onValueChange={(participants) =>
        participants === 'default' || participants === 'salotto'
          ? actor.send({ type: 'participants.set', participants })
          : undefined
      }
      options={[
        { value: 'default', label: CHOICE_COPY.single },
        { value: 'salotto', label: CHOICE_COPY.salotto, description: CHOICE_COPY.salottoNote },
      ]}
    />
  );
}

export function ParticipantsCountStep() {
  const actor = useAppActor();
  const count = useAppSelector((snapshot) => snapshot.context.draft.participantsCount);
  return (
    <div className={css.counter} role="group" aria-label={CHOICE_COPY.count}>
      <Button
        variant="secondary"
        aria-label={CHOICE_COPY.fewer}
        disabled={count <= 2}
        onClick={() => actor.send({ type: 'participantsCount.decrement' })}
      >
        −
      </Button>
      <output aria-live="polite">{count}</output>
      <Button
        variant="secondary"
        aria-label={CHOICE_COPY.more}
        onClick={() => actor.send({ type: 'participantsCount.increment' })}
      >
        +
      </Button>
    </div>
  );
}

/** SPEC §2: each category card has its icon. */
const CATEGORY_ICONS: Record<Category, () => React.JSX.Element> = {
  hair: HairIcon,
  beauty: BeautyIcon,
  'make-up': MakeUpIcon,
};

export function CategoryStep() {
  const actor = useAppActor();
  const value = useAppSelector((snapshot) => snapshot.context.draft.category ?? '');
  return (
    <RadioCards
      label={CHOICE_COPY.category}
      hideLabel
      columns={2}
      stacked
      value={value}
      onValueChange={(category) =>
        (CATEGORIES as readonly string[]).includes(category)
          ? actor.send({ type: 'category.set', category: category as Category })
          : undefined
      }
      options={CATEGORIES.map((category) => {
        const CategoryIcon = CATEGORY_ICONS[category];
        return { value: category, label: CATEGORY_TITLES[category], icon: <CategoryIcon /> };
      })}
    />
  );
}

export function CategorySalottoStep() {
  const actor = useAppActor();
  const chosen = useAppSelector((snapshot) => snapshot.context.draft.salottoCategories);
  return (
    <fieldset className={css.picker} style={{ border: 0, padding: 0 }}>
      <legend hidden>{CHOICE_COPY.category}</legend>
      {CATEGORIES.map((category) => (
        <CheckboxField
          key={category}
          label={CATEGORY_TITLES[category]}
          checked={chosen.includes(category)}
          onCheckedChange={() => actor.send({ type: 'salottoCategory.toggle', category })}
        />
      ))}
    </fieldset>
  );
}

export function HairStep() {
  const actor = useAppActor();
  const value = useAppSelector((snapshot) => snapshot.context.draft.hair ?? '');
  return (
    <RadioCards
      label={CHOICE_COPY.hair}
      hideLabel
      value={value}
      onValueChange={(hair) =>
        (HAIR_LENGTHS as readonly string[]).includes(hair)
          ? actor.send({ type: 'hair.set', hair: hair as HairLength })
          : undefined
      }
      options={HAIR_LENGTHS.map((hair) => ({ value: hair, label: HAIR_LENGTH_TITLES[hair] }))}
    />
  );
}
