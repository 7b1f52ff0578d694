//! A plan rendered to text, then fitted to the word-count bounds by adding or dropping content.

use super::*;

/// A resume's content before rendering, kept structured so its length can be
/// adjusted by whole bullets and clauses.
pub(super) struct Draft {
    pub(super) vocabulary: &'static Vocabulary,
    pub(super) quality: Quality,
    pub(super) years: u32,
    pub(super) skills: Vec<&'static Skill>,
    pub(super) summary: Vec<String>,
    pub(super) entries: Vec<Entry>,
    pub(super) education: Vec<String>,
    pub(super) projects: Vec<String>,
    pub(super) layout: Layout,
    pub(super) used: UsedTemplates,
}

impl Draft {
    pub(super) fn plan(random: &mut SplitMix64, track: Track, years: u32) -> Self {
        let vocabulary = track.vocabulary();
        let quality = Quality::choose(random);
        let verbosity = Verbosity::choose(random, quality);
        let skills = choose_skills(random, vocabulary, quality);
        let stints = plan_timeline(random, years);
        let career_start_year = stints.last().map_or(2026, |stint| stint.start / 12);
        let layout = Layout::choose(random, &stints);
        let entries = build_entries(random, vocabulary, &stints);
        let mut draft = Draft {
            vocabulary,
            quality,
            years,
            skills,
            summary: Vec::new(),
            entries,
            education: Vec::new(),
            projects: Vec::new(),
            layout,
            used: UsedTemplates::default(),
        };
        if random.chance(80) {
            let sentences = verbosity.summary_sentences(random);
            let summary = write_summary(&mut draft.expander(random), vocabulary, sentences);
            draft.summary = summary;
        }
        // Skills and experience are always there; education is dropped only
        // beside a summary, so every resume has at least three headings.
        if draft.summary.is_empty() || random.chance(97) {
            let format = draft.layout.education_format;
            draft.education = write_education(random, vocabulary, format, career_start_year);
        }
        if random.chance(80) {
            let count = verbosity.project_count(random);
            let format = draft.layout.project_format;
            draft.projects = write_projects(random, vocabulary, &draft.skills, count, format);
        }
        for position in 0..draft.entries.len() {
            for _ in 0..verbosity.bullet_count(random, position) {
                draft.add_bullet(random, position, verbosity.elaboration_percents());
            }
        }
        draft
    }

    pub(super) fn expander<'a>(&'a self, random: &'a mut SplitMix64) -> Expander<'a> {
        Expander { random, skills: &self.skills, years: self.years }
    }

    /// Adds a bullet to the entry at `position`; returns its word count.
    pub(super) fn add_bullet(
        &mut self,
        random: &mut SplitMix64,
        position: usize,
        (extension_percent, follow_up_percent): (u32, u32),
    ) -> usize {
        let mut expander = Expander { random, skills: &self.skills, years: self.years };
        // Juniors mostly list duties and seldom claim company-wide impact.
        let junior = self.entries[position].level == 0;
        let (duty_percent, elaboration_divisor) =
            if junior { (self.quality.duty_percent().max(45), 3) } else { (self.quality.duty_percent(), 1) };
        let mut text = String::with_capacity(160);
        let duty = expander.random.chance(duty_percent)
            && expand_one_of(&mut expander, self.vocabulary.duties, &mut self.used.duties, &mut text);
        if !duty {
            text = write_achievement(&mut expander, self.vocabulary, &mut self.used, !junior);
        }
        // Clauses like ", which 3 other squads adopted" only suit achievements.
        let extension_percent = extension_percent / elaboration_divisor;
        let extension = if !duty && expander.random.chance(extension_percent) {
            Some(write_extension(&mut expander, &mut self.used))
        } else {
            None
        };
        let follow_up_percent = follow_up_percent / elaboration_divisor;
        let follow_up = if !duty && expander.random.chance(follow_up_percent) {
            Some(write_follow_up(&mut expander, &mut self.used))
        } else {
            None
        };
        let bullet = Bullet { text, extension, follow_up, duty };
        let words = bullet.word_count();
        self.entries[position].bullets.push(bullet);
        words
    }

    /// Rewrites the most recent duty bullet as an achievement; returns the
    /// words gained.
    pub(super) fn upgrade_a_duty(&mut self, random: &mut SplitMix64) -> Option<usize> {
        let (entry, bullet) = self.entries.iter().enumerate().find_map(|(entry, item)| {
            let bullet = item.bullets.iter().position(|bullet| bullet.duty)?;
            Some((entry, bullet))
        })?;
        let mut expander = Expander { random, skills: &self.skills, years: self.years };
        let with_shared = self.entries[entry].level > 0;
        let text = write_achievement(&mut expander, self.vocabulary, &mut self.used, with_shared);
        let replaced = &mut self.entries[entry].bullets[bullet];
        let gained = count_words(&text).saturating_sub(count_words(&replaced.text));
        replaced.text = text;
        replaced.duty = false;
        Some(gained)
    }

    /// Renders, then lengthens or shortens by whole bullets and clauses until
    /// the resume has between [`MINIMUM_WORDS`] and [`MAXIMUM_WORDS`] words.
    /// Two entries of four achievements with clauses already exceed the
    /// minimum, and two bullets per entry stay under the maximum, so this
    /// always ends inside the bounds.
    pub(super) fn fit_and_render(mut self, random: &mut SplitMix64, identity: &Identity) -> String {
        let mut text = self.render(identity);
        for _ in 0..MAXIMUM_FITTING_ROUNDS {
            let words = count_words(&text);
            let changed = if words < MINIMUM_WORDS {
                self.lengthen(random, MINIMUM_WORDS - words)
            } else if words > MAXIMUM_WORDS {
                self.shorten(words - MAXIMUM_WORDS)
            } else {
                false
            };
            if !changed {
                break;
            }
            text = self.render(identity);
        }
        text
    }

    pub(super) fn lengthen(&mut self, random: &mut SplitMix64, deficit: usize) -> bool {
        let mut added = 0;
        while added < deficit {
            let thinnest = (0..self.entries.len())
                .min_by_key(|&position| self.entries[position].bullets.len())
                .filter(|&position| self.entries[position].bullets.len() < MAXIMUM_BULLETS);
            added += if let Some(position) = thinnest {
                self.add_bullet(random, position, (0, 0))
            } else if let Some(words) = self.upgrade_a_duty(random) {
                words
            } else if let Some(words) = self.extend_a_bullet(random) {
                words
            } else {
                break;
            };
        }
        added > 0
    }

    /// Adds a trailing clause to the most recent bullet without one.
    pub(super) fn extend_a_bullet(&mut self, random: &mut SplitMix64) -> Option<usize> {
        let (entry, bullet) = self.entries.iter().enumerate().find_map(|(entry, item)| {
            let bullet = item.bullets.iter().position(|bullet| !bullet.duty && bullet.extension.is_none())?;
            Some((entry, bullet))
        })?;
        let mut expander = Expander { random, skills: &self.skills, years: self.years };
        let extension = write_extension(&mut expander, &mut self.used);
        let words = count_words(&extension);
        self.entries[entry].bullets[bullet].extension = Some(extension);
        Some(words)
    }

    pub(super) fn shorten(&mut self, excess: usize) -> bool {
        let mut removed = 0;
        while removed < excess {
            removed += if let Some(words) = self.drop_a_follow_up() {
                words
            } else if let Some(words) = self.drop_an_extension() {
                words
            } else if let Some(words) = self.drop_a_bullet() {
                words
            } else if self.projects.len() > 1 {
                self.projects.pop().map_or(0, |project| count_words(&project))
            } else {
                break;
            };
        }
        removed > 0
    }

    /// Removes a follow-up sentence, oldest entries first.
    pub(super) fn drop_a_follow_up(&mut self) -> Option<usize> {
        self.entries
            .iter_mut()
            .rev()
            .flat_map(|entry| entry.bullets.iter_mut().rev())
            .find_map(|bullet| bullet.follow_up.take())
            .map(|follow_up| count_words(&follow_up))
    }

    /// Removes a trailing clause, oldest entries first.
    pub(super) fn drop_an_extension(&mut self) -> Option<usize> {
        self.entries
            .iter_mut()
            .rev()
            .flat_map(|entry| entry.bullets.iter_mut().rev())
            .find_map(|bullet| bullet.extension.take())
            .map(|extension| count_words(&extension))
    }

    /// Removes the last bullet of the entry with the most, oldest on ties.
    pub(super) fn drop_a_bullet(&mut self) -> Option<usize> {
        let fullest = self
            .entries
            .iter_mut()
            .filter(|entry| entry.bullets.len() > MINIMUM_BULLETS)
            .max_by_key(|entry| entry.bullets.len())?;
        let bullet = fullest.bullets.pop()?;
        Some(bullet.word_count())
    }

    pub(super) fn render(&self, identity: &Identity) -> String {
        let mut out = String::with_capacity(6144);
        out.push_str(&identity.name);
        out.push('\n');
        out.push_str(&identity.contact_line);
        out.push('\n');
        for section in self.layout.order {
            let lines: &[String] = match section {
                SectionKind::Summary => &self.summary,
                SectionKind::Education => &self.education,
                SectionKind::Projects => &self.projects,
                SectionKind::Skills | SectionKind::Experience => &[],
            };
            let listed = matches!(section, SectionKind::Skills | SectionKind::Experience);
            if !listed && lines.is_empty() {
                continue;
            }
            out.push('\n');
            let heading = self.layout.headings[section as usize];
            write_heading(&mut out, self.layout.heading_style, heading);
            match section {
                SectionKind::Summary => {
                    out.push_str(&self.summary.join(" "));
                    out.push('\n');
                }
                SectionKind::Skills => self.render_skills(&mut out),
                SectionKind::Experience => self.render_experience(&mut out),
                SectionKind::Education | SectionKind::Projects => {
                    for line in lines {
                        out.push_str(line);
                        out.push('\n');
                    }
                }
            }
        }
        out
    }

    pub(super) fn render_skills(&self, out: &mut String) {
        let layout = &self.layout;
        let write_names = |out: &mut String, skills: &mut dyn Iterator<Item = &&Skill>| {
            for (position, skill) in skills.enumerate() {
                if position > 0 {
                    out.push_str(", ");
                }
                out.push_str(skill.name);
            }
            out.push('\n');
        };
        match layout.skills_layout {
            SkillsLayout::CommaLines => {
                for line in self.skills.chunks(layout.skills_per_line) {
                    write_names(out, &mut line.iter());
                }
            }
            SkillsLayout::Bullets => {
                for skill in &self.skills {
                    out.push_str(layout.skill_marker);
                    out.push_str(skill.name);
                    out.push('\n');
                }
            }
            SkillsLayout::Labelled => {
                for (position, skill) in self.skills.iter().enumerate() {
                    let kind = skill.kind;
                    if self.skills[..position].iter().any(|earlier| earlier.kind == kind) {
                        continue;
                    }
                    out.push_str(kind.label());
                    out.push_str(": ");
                    write_names(out, &mut self.skills.iter().filter(|other| other.kind == kind));
                }
            }
        }
    }

    pub(super) fn render_experience(&self, out: &mut String) {
        let layout = &self.layout;
        for (position, entry) in self.entries.iter().enumerate() {
            if position > 0 && layout.blank_line_between_entries {
                out.push('\n');
            }
            out.push_str(entry.title);
            out.push_str(layout.title_connector);
            out.push_str(&entry.company);
            if layout.dates_inline {
                out.push_str(" (");
                write_date_range(out, layout, entry.stint);
                out.push_str(")\n");
            } else {
                out.push('\n');
                write_date_range(out, layout, entry.stint);
                out.push('\n');
            }
            for bullet in &entry.bullets {
                out.push_str(layout.bullet_marker);
                out.push_str(&bullet.text);
                if let Some(extension) = &bullet.extension {
                    out.push_str(extension);
                }
                if let Some(follow_up) = &bullet.follow_up {
                    out.push_str(". ");
                    out.push_str(follow_up);
                }
                if layout.full_stops {
                    out.push('.');
                }
                out.push('\n');
            }
        }
    }
}
