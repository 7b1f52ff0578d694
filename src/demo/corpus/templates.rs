//! Sentences from templates: achievements, summaries and follow-ups, each template used at most once per resume.

use super::*;

pub(super) struct Expander<'a> {
    pub(super) random: &'a mut SplitMix64,
    pub(super) skills: &'a [&'static Skill],
    pub(super) years: u32,
}

impl Expander<'_> {
    /// Appends `template` with its tags filled in. Returns false, leaving
    /// `out` unchanged, when the candidate has no skill of a kind it names.
    pub(super) fn expand(&mut self, template: &str, out: &mut String) -> bool {
        let mark = out.len();
        let mut previous_skill = None;
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let close = after.find('}').expect("every template tag is closed");
            if !self.expand_tag(&after[..close], &mut previous_skill, out) {
                out.truncate(mark);
                return false;
            }
            rest = &after[close + 1..];
        }
        out.push_str(rest);
        true
    }

    pub(super) fn expand_tag(
        &mut self,
        tag: &str,
        previous_skill: &mut Option<&'static str>,
        out: &mut String,
    ) -> bool {
        // Number tags start with a digit; checking that first is much cheaper
        // than searching every tag for "..".
        if tag.starts_with(|character: char| character.is_ascii_digit()) {
            let (low, high) = tag.split_once("..").expect("number tags are ranges");
            let low = low.parse().expect("number tags have a numeric low end");
            let high = high.parse().expect("number tags have a numeric high end");
            write!(out, "{}", self.random.range(low, high)).expect("writing to a String cannot fail");
            return true;
        }
        match tag {
            "team" => out.push_str(self.random.pick(tables::TEAMS)),
            "years" => match self.years {
                0 => out.push_str("less than a year"),
                1 => out.push_str("one year"),
                years => write!(out, "{years} years").expect("writing to a String cannot fail"),
            },
            _ => {
                let kind = SkillKind::from_tag(tag).unwrap_or_else(|| panic!("unknown template tag {{{tag}}}"));
                return self.write_skill(kind, previous_skill, out);
            }
        }
        true
    }

    /// Writes one sampled skill of `kind`, avoiding the one the same template
    /// just used so "{Language} and {Language}" names two languages.
    pub(super) fn write_skill(
        &mut self,
        kind: SkillKind,
        previous_skill: &mut Option<&'static str>,
        out: &mut String,
    ) -> bool {
        let count = self.skills.iter().filter(|skill| skill.kind == kind).count();
        if count == 0 {
            return false;
        }
        let of_kind = |position: usize| {
            self.skills.iter().filter(|skill| skill.kind == kind).nth(position).map_or("", |skill| skill.name)
        };
        let mut position = self.random.below(count as u64) as usize;
        if count > 1 && *previous_skill == Some(of_kind(position)) {
            position = (position + 1) % count;
        }
        let name = of_kind(position);
        *previous_skill = Some(name);
        out.push_str(name);
        true
    }
}

/// Expands one of `templates` into `out`: starting at a random template, it
/// moves on past those this resume already used (bits of `used`) and those
/// naming a skill kind the candidate lacks, repeating a used one only when
/// nothing else fits.
pub(super) fn expand_one_of(expander: &mut Expander, templates: &[&str], used: &mut u64, out: &mut String) -> bool {
    let start = expander.random.below(templates.len() as u64) as usize;
    for allow_repeats in [false, true] {
        for step in 0..templates.len() {
            let position = (start + step) % templates.len();
            let bit = 1u64 << (position % 64);
            if !allow_repeats && *used & bit != 0 {
                continue;
            }
            if expander.expand(templates[position], out) {
                *used |= bit;
                return true;
            }
        }
    }
    false
}

/// Which templates one resume has used, so its bullets do not repeat.
#[derive(Default)]
pub(super) struct UsedTemplates {
    pub(super) achievements: u64,
    pub(super) duties: u64,
    pub(super) shared: u64,
    pub(super) extensions: u64,
    pub(super) follow_ups: u64,
}

/// An achievement bullet, from the track's own list or (now and then, when
/// `with_shared` allows, or when no track template fits the candidate's
/// skills) from the shared list of mentoring and leadership achievements,
/// which names no skills and so always fits.
pub(super) fn write_achievement(
    expander: &mut Expander,
    vocabulary: &Vocabulary,
    used: &mut UsedTemplates,
    with_shared: bool,
) -> String {
    let mut text = String::with_capacity(160);
    let shared = with_shared && expander.random.chance(SHARED_ACHIEVEMENT_PERCENT);
    let written = !shared && expand_one_of(expander, vocabulary.achievements, &mut used.achievements, &mut text);
    if !written {
        expand_one_of(expander, tables::SHARED_ACHIEVEMENTS, &mut used.shared, &mut text);
    }
    text
}

pub(super) fn write_extension(expander: &mut Expander, used: &mut UsedTemplates) -> String {
    let mut text = String::with_capacity(80);
    expand_one_of(expander, tables::EXTENSIONS, &mut used.extensions, &mut text);
    text
}

pub(super) fn write_follow_up(expander: &mut Expander, used: &mut UsedTemplates) -> String {
    let mut text = String::with_capacity(80);
    expand_one_of(expander, tables::FOLLOW_UPS, &mut used.follow_ups, &mut text);
    text
}

pub(super) fn write_summary(expander: &mut Expander, vocabulary: &Vocabulary, sentences: usize) -> Vec<String> {
    let openers = if expander.years < 2 { vocabulary.junior_openers } else { vocabulary.openers };
    let mut summary = Vec::with_capacity(3);
    let mut sentence = String::with_capacity(160);
    if expand_one_of(expander, openers, &mut 0, &mut sentence) {
        summary.push(std::mem::take(&mut sentence));
    }
    let with_focus = sentences >= 3 || (sentences == 2 && expander.random.chance(60));
    if with_focus && expand_one_of(expander, vocabulary.focus, &mut 0, &mut sentence) {
        summary.push(std::mem::take(&mut sentence));
    }
    if summary.len() < sentences && expand_one_of(expander, tables::CLOSINGS, &mut 0, &mut sentence) {
        summary.push(sentence);
    }
    summary
}
