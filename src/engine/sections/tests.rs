use super::*;

/// The rule `heading_kind` must agree with: a lowered, single-spaced
/// copy of the line looked up in the list.
fn heading_kind_by_lowered_copy(line: &str) -> Option<SectionKind> {
    let trimmed = line.trim();
    let without_hashes = without_decoration(trimmed).trim_start_matches('#').trim();
    let without_colon = without_hashes
        .strip_suffix(':')
        .or_else(|| without_hashes.strip_suffix(" /"))
        .unwrap_or(without_hashes)
        .trim_end();
    let words: Vec<String> = without_colon
        .split_whitespace()
        .map(|word| if word == "&" { "and".to_string() } else { word.to_ascii_lowercase() })
        .collect();
    if words.len() > HEADING_WORDS_MAX || !(HEADING_BYTES_MIN..=HEADING_BYTES_MAX).contains(&trimmed.len()) {
        return None;
    }
    let listed =
        |key: &str| HEADINGS.iter().find(|(heading, _)| heading.replace(" & ", " and ") == key).map(|(_, kind)| *kind);
    let key = words.join(" ");
    let capitalised = without_colon
        .split_whitespace()
        .all(|word| matches!(word, "&" | "and" | "/") || word.starts_with(|first: char| first.is_ascii_uppercase()));
    let in_lower_case = !without_colon.chars().any(|character| character.is_ascii_uppercase());
    let sentence_case = without_colon.starts_with(|first: char| first.is_ascii_uppercase())
        && !without_colon.chars().skip(1).any(|character| character.is_ascii_uppercase());
    let joined = || {
        // A key holds ASCII words only.
        if !key.is_ascii() {
            return None;
        }
        let (left, right) = key.split_once(" and ").or_else(|| key.split_once(" / "))?;
        match (listed(left), listed(right)) {
            (Some(kind), Some(_)) => Some(kind),
            (Some(kind), None) if (capitalised || sentence_case) && !right.contains(' ') => Some(kind),
            (None, Some(kind)) if capitalised && !left.contains(' ') => Some(kind),
            _ => None,
        }
    };
    // Every heading starts with a letter, joined ones too.
    let starts_with_letter = without_colon.starts_with(|first: char| first.is_ascii_alphabetic());
    let one_case = capitalised || in_lower_case || sentence_case;
    // Two languages' headings: one side listed, every word capitalised.
    let translated = || {
        let (left, right) = without_colon.split_once(" / ")?;
        let sized = |side: &str| (1..=HEADING_WORDS_MAX).contains(&side.split_whitespace().count());
        let all_capitalised = without_colon
            .split_whitespace()
            .all(|word| word == "/" || word.starts_with(|first: char| first.is_uppercase()));
        if !sized(left) || !sized(right) || !all_capitalised {
            return None;
        }
        let side_kind = |side: &str| {
            let side_key: Vec<String> = side
                .split_whitespace()
                .map(|word| if word == "&" { "and".to_string() } else { word.to_ascii_lowercase() })
                .collect();
            let side_key = side_key.join(" ");
            side_key.is_ascii().then(|| listed(&side_key)).flatten()
        };
        side_kind(right).or_else(|| side_kind(left))
    };
    listed(&key).or_else(|| if one_case && starts_with_letter { joined() } else { None }).or_else(|| {
        if starts_with_letter {
            translated()
        } else {
            None
        }
    })
}

#[test]
fn a_heading_in_two_languages_is_read_by_its_listed_side() {
    assert_eq!(heading_kind("EXPERIENCIA PROFESIONAL / PROFESSIONAL EXPERIENCE"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("EDUCACIÓN / EDUCATION"), Some(SectionKind::Education));
    assert_eq!(heading_kind("Compétences / Skills"), Some(SectionKind::Skills));
    assert_eq!(heading_kind("Work Experience / Experiencia"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("Teacher / Coach"), None, "no side is a heading");
    assert_eq!(heading_kind("Experiencia profesional / professional experience"), None, "not a heading's case");
}

proptest::proptest! {
    #[test]
    fn heading_lookup_agrees_with_comparing_a_lowered_copy(
        words in proptest::collection::vec(
            proptest::sample::select(vec!["Skills", "TECHNICAL", "tools", "&", "and", "/", "Experience", "work", "Leadership", "Training", "é", "#", "Ed", "x", "\u{b}", "\u{a0}"]),
            0..6,
        ),
        spaces in "[ \t\u{b}\u{c}\u{a0}]{1,3}",
        colon in proptest::bool::ANY,
    ) {
        let line = format!("{}{}", words.join(&spaces), if colon { ":" } else { "" });
        proptest::prop_assert_eq!(heading_kind(&line), heading_kind_by_lowered_copy(&line), "{:?}", line);
    }
}

#[test]
fn every_listed_heading_is_recognised_as_its_own_kind() {
    for (heading, kind) in HEADINGS {
        assert_eq!(heading_kind(heading), Some(*kind), "{heading}");
        assert_eq!(heading_kind(&heading.to_uppercase()), Some(*kind), "{heading}");
    }
}

#[test]
fn recognises_plain_uppercase_hashed_and_colon_headings() {
    assert_eq!(heading_kind("SKILLS"), Some(SectionKind::Skills));
    assert_eq!(heading_kind("Work Experience:"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("## Projects"), Some(SectionKind::Projects));
    assert_eq!(heading_kind("  tools & technologies  "), Some(SectionKind::Skills));
    assert_eq!(heading_kind("# About   Me"), Some(SectionKind::Summary));
}

#[test]
fn a_heading_between_marks_is_read_without_them() {
    assert_eq!(heading_kind("[ Experience ]"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("*** SKILLS ***"), Some(SectionKind::Skills));
    assert_eq!(heading_kind("== Education =="), Some(SectionKind::Education));
    assert_eq!(heading_kind("**Projects**"), Some(SectionKind::Projects));
    assert_eq!(heading_kind("WHERE I'VE WORKED"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("* Leadership"), None, "a list's item, marked on one side");
}

#[test]
fn every_listed_heading_fits_the_length_bounds() {
    for (heading, kind) in HEADINGS {
        assert!((HEADING_BYTES_MIN..=HEADING_BYTES_MAX).contains(&heading.len()), "{heading}");
        assert!(heading.split(' ').count() <= HEADING_WORDS_MAX, "{heading}");
        assert_eq!(heading_kind(heading), Some(*kind), "{heading}");
    }
}

#[test]
fn line_with_content_after_heading_word_is_not_a_heading() {
    assert_eq!(heading_kind("Skills: Rust, Go"), None);
    assert_eq!(heading_kind("Experience with Rust"), None);
    assert_eq!(heading_kind("Experience & Leadership:"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("Leadership and Experience"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("Skills / Tools"), Some(SectionKind::Skills));
    assert_eq!(heading_kind("Sales and Marketing"), None);
    assert_eq!(heading_kind("Education & learning"), Some(SectionKind::Education), "sentence case, first side listed");
    assert_eq!(heading_kind("Experience and leadership"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("Leadership and experience"), None, "in sentence case the first side must be listed");
    assert_eq!(heading_kind("Experience and leadership matter"), None);
    assert_eq!(heading_kind("Education and Training Coordinator"), None);
    assert_eq!(heading_kind("Pearson Education & Training"), None);
    assert_eq!(heading_kind("education & certs:"), Some(SectionKind::Education), "in lower case, both listed");
    assert_eq!(heading_kind("experience and leadership"), None, "in lower case, one side alone is prose");
    assert_eq!(heading_kind("credits (selected):"), Some(SectionKind::Other));
    assert_eq!(heading_kind("Technical Skills & Tools"), Some(SectionKind::Skills));
    assert_eq!(heading_kind(""), None);
}

#[test]
fn a_fields_skills_after_a_blank_line_is_a_skills_heading() {
    let kinds = |text: &str| split_sections(text).iter().map(|section| section.kind).collect::<Vec<_>>();
    let text = "Ana\n\nSummary\nBuilder.\n\nSOFTWARE & FIELD SKILLS\nProcore, layout";
    assert_eq!(kinds(text), [SectionKind::Header, SectionKind::Summary, SectionKind::Skills]);
}

#[test]
fn headings_spaced_out_ruled_or_after_an_ornament_are_headings() {
    assert_eq!(heading_kind("P R O F I L E"), Some(SectionKind::Summary));
    assert_eq!(heading_kind("W O R K   H I S T O R Y"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("── Experience ──────────"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("── Skills ──────────────────────────"), Some(SectionKind::Skills));
    assert_eq!(heading_kind("✦ Education"), Some(SectionKind::Education));
    assert_eq!(heading_kind("• Training"), None);
    assert_eq!(heading_kind("A B C"), None);
}

#[test]
fn a_numbered_heading_is_the_heading_after_its_number() {
    assert_eq!(heading_kind("2. EXPERIENCE"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("3) Education"), Some(SectionKind::Education));
    assert_eq!(heading_kind("12. Skills:"), Some(SectionKind::Skills));
    assert_eq!(heading_kind("2.Experience"), None, "a number glued to a word is not a heading's");
    assert_eq!(heading_kind("2019. Experience"), None);
    assert_eq!(heading_kind("1. Led a team of five"), None);
    assert_eq!(heading_kind("II. EXPERIENCE"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("IV) Skills"), Some(SectionKind::Skills));
    assert_eq!(heading_kind("IIII. Skills"), None, "no such numeral");
    assert_eq!(heading_kind("VI. Led a team"), None);
}

#[test]
fn a_heading_with_a_rule_drawn_after_it_is_the_heading() {
    assert_eq!(heading_kind("EXPERIENCE ————————————————————————"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("Skills ----------"), Some(SectionKind::Skills));
    assert_eq!(heading_kind("Education ───"), Some(SectionKind::Education));
    assert_eq!(heading_kind("Experience --"), None, "two dashes are no rule");
    assert_eq!(heading_kind("Experience—————"), None, "a rule starts after a space");
}

#[test]
fn a_listed_heading_with_a_bracket_after_it_is_that_heading() {
    assert_eq!(heading_kind("Certifications (ICC)"), heading_kind("Certifications"));
    assert_eq!(heading_kind("EXPERIENCE (SELECTED)"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("Skills (technical):"), Some(SectionKind::Skills));
    assert_eq!(heading_kind("Acme (Boston)"), None);
}

#[test]
fn an_underlined_line_the_list_lacks_is_a_heading_outside_experience() {
    let kinds = |text: &str| split_sections(text).iter().map(|section| section.kind).collect::<Vec<_>>();
    let header = SectionKind::Header;
    let text = "Ana\n\nSkills\n-----\nWelding\n\nOutside The Shop\n----------------\nFood bank driver";
    assert_eq!(kinds(text), [header, SectionKind::Skills, SectionKind::Other]);
    let jobs = "Ana\n\nSummary\n-------\nWelder.\n\nOn The Road\n-----------\nDriver | Acme | 2019 – 2021";
    assert_eq!(kinds(jobs), [header, SectionKind::Summary, SectionKind::Experience]);
    // Inside experience, an underlined employer stays part of its jobs.
    let employer = "Ana\n\nExperience\n----------\nAcme Freight\n------------\nDriver, 2019 – 2021";
    assert_eq!(kinds(employer), [header, SectionKind::Experience]);
}

#[test]
fn a_fields_experience_after_a_blank_line_is_an_experience_heading() {
    let kinds = |text: &str| split_sections(text).iter().map(|section| section.kind).collect::<Vec<_>>();
    let header = SectionKind::Header;
    for heading in [
        "PLUMBING EXPERIENCE",
        "brokerage experience",
        "Nursing Experience:",
        "*** LAB EXPERIENCE ***",
        "## Field Experience",
        "Lab & Field Experience",
        "2. On-Air Experience",
    ] {
        let text = format!("Ana\n\nSummary\nPlumber.\n\n{heading}\nPlumber | Acme | 2019 – 2021");
        assert_eq!(kinds(&text), [header, SectionKind::Summary, SectionKind::Experience], "{heading}");
    }
    // In capitals over a dated job, straight after a line of content too,
    // as a DOCX or a PDF writes it, without blank lines.
    assert_eq!(
        kinds("Ana\nSummary\nLighting designer.\nTHEATRE EXPERIENCE\nLakefront Theatre — Chicago, IL\nHead Electrician, Aug 2016 – Aug 2019"),
        [header, SectionKind::Summary, SectionKind::Experience]
    );
    assert_eq!(
        kinds("Ana\nSummary\nLighting designer.\nSelected Experience\nLakefront Theatre — Chicago, IL\nHead Electrician, Aug 2016 – Aug 2019"),
        [header, SectionKind::Summary, SectionKind::Experience]
    );
    assert_eq!(kinds("Ana\n\nSkills\nBilling\nCUSTOMER EXPERIENCE\nCash handling"), [header, SectionKind::Skills]);
    // Not straight after a line of content, nor before any listed heading,
    // nor in mixed case: a skill or a title, not a heading.
    assert_eq!(kinds("Ana\n\nSkills\nBilling\nCustomer Experience"), [header, SectionKind::Skills]);
    assert_eq!(kinds("Ana\n\nCustomer Experience\nx"), [SectionKind::Body]);
    // Before any listed heading, set off as a heading over a dated job.
    let job = "Plumber, Acme, 2019 – 2021";
    for heading in [
        "PLUMBING EXPERIENCE",
        "Plumbing Experience:",
        "Plumbing Experience\n------------------",
        "Curatorial Appointments",
    ] {
        let text = format!("Ana\nPlumber with ten years.\n\n{heading}\n{job}");
        assert_eq!(kinds(&text), [header, SectionKind::Experience], "{heading}");
    }
    let plain = format!("Ana\nPlumber with ten years.\n\nPlumbing Experience\n{job}");
    assert_eq!(kinds(&plain), [SectionKind::Body]);
    assert_eq!(kinds("Ana\n\nSkills\nx\n\nCustomer experience\ny"), [header, SectionKind::Skills]);
}

#[test]
fn an_unknown_heading_over_dated_jobs_heads_experience_where_jobs_are_out_of_place() {
    let kinds = |text: &str| split_sections(text).iter().map(|section| section.kind).collect::<Vec<_>>();
    let (header, summary) = (SectionKind::Header, SectionKind::Summary);
    let jobs = "Staff Writer, Tenmile River Weekly — Pawtucket, RI\n2017–2019\n- Wrote news.";
    for heading in ["newsroom:", "ON THE ROAD", "STAFF & SEASON POSITIONS", "stage / screen:"] {
        let text = format!("Ana\n\nabout:\nJournalist.\n\n{heading}\n\n{jobs}");
        assert_eq!(kinds(&text), [header, summary, SectionKind::Experience], "{heading}");
    }
    // Not without dates, not in mixed case without a colon, and not in
    // education, whose degrees in capitals stand over dated lines.
    assert_eq!(kinds("Ana\n\nabout:\nJournalist.\n\nfun facts:\nI bake."), [header, summary]);
    assert_eq!(kinds(&format!("Ana\n\nabout:\nJournalist.\n\nOn The Road\n{jobs}")), [header, summary]);
    let education = "Ana\n\nEducation\nBACHELOR OF SCIENCE\nLeeds University, 2014 – 2018";
    assert_eq!(kinds(education), [header, SectionKind::Education]);
}

#[test]
fn community_and_military_service_head_experience() {
    for heading in ["COMMUNITY", "Military Service", "Community Involvement", "MILITARY", "Earlier Jobs"] {
        assert_eq!(heading_kind(heading), Some(SectionKind::Experience), "{heading}");
    }
}

#[test]
fn qualifications_are_schooling_with_years_and_a_summary_as_bullets_without() {
    let kinds = |text: &str| split_sections(text).iter().map(|section| section.kind).collect::<Vec<_>>();
    let summary = "Ana\n\nQUALIFICATIONS\n- 12 years in customer service, leading a team of 14\n- Bilingual";
    assert_eq!(kinds(summary), [SectionKind::Header, SectionKind::Summary]);
    let schooling = "Ana\n\nQualifications\n- BTEC National Diploma, Leeds College, 2014\n- GCSEs";
    assert_eq!(kinds(schooling), [SectionKind::Header, SectionKind::Education]);
}

#[test]
fn text_before_first_heading_is_the_header() {
    let sections = split_sections("Jane Doe\njane@example.com\n\nSKILLS\nRust\n");
    let kinds: Vec<SectionKind> = sections.iter().map(|section| section.kind).collect();
    assert_eq!(kinds, [SectionKind::Header, SectionKind::Skills]);
    assert_eq!(sections[1].start_byte, 27);
    assert_eq!(sections[1].lines[0].text, "Rust");
}

#[test]
fn resume_without_headings_is_one_body_section() {
    let sections = split_sections("Jane Doe\nRust developer");
    assert_eq!(sections.len(), 1);
    assert_eq!(sections[0].kind, SectionKind::Body);
}

#[test]
fn finds_section_of_a_byte_offset() {
    let text = "Jane\nSkills\nRust\nEducation\nLeeds";
    let sections = split_sections(text);
    let starts = SectionStarts::of(&sections);
    assert_eq!(starts.kind_at(0), SectionKind::Header);
    assert_eq!(starts.kind_at(text.find("Rust").unwrap()), SectionKind::Skills);
    assert_eq!(starts.kind_at(text.find("Leeds").unwrap()), SectionKind::Education);
    assert_eq!(starts, SectionStarts::of_text(text));
}

#[test]
fn section_names_are_distinct_and_in_document_order() {
    let sections = split_sections("Experience\nx\nSkills\ny\nExperience\nz");
    assert_eq!(sections_found(&sections), [SectionKind::Experience, SectionKind::Skills]);
}

#[test]
fn repeated_sections_are_separated_by_a_blank_line() {
    let sections = split_sections("Skills\nRust\nEducation\nLeeds\nSkills\nGo");
    assert_eq!(lines_of_kind(&sections, SectionKind::Skills), ["Rust", "", "Go"]);
}

#[test]
fn a_heading_with_a_long_aside_in_brackets_is_read_before_the_aside() {
    assert_eq!(heading_kind("WORK HISTORY (union dispatches, most recent first)"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("Education (degrees and licences held today)"), Some(SectionKind::Education));
    assert_eq!(heading_kind("Crew notes (union dispatches, most recent first)"), None, "no heading before it");
}

#[test]
fn a_heading_written_as_a_shell_prompt_is_read_after_the_prompt() {
    assert_eq!(heading_kind("> experience"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("$ education"), Some(SectionKind::Education));
    assert_eq!(heading_kind("> Led the migration of the billing system"), None);
    assert_eq!(heading_kind(">experience"), None, "a prompt is followed by a space");
}

#[test]
fn a_capitalised_line_set_off_by_a_blank_line_over_jobs_heads_experience_unless_it_names_a_role_or_employer() {
    let kinds = |text: &str| split_sections(text).iter().map(|section| section.kind).collect::<Vec<_>>();
    let (header, summary, experience) = (SectionKind::Header, SectionKind::Summary, SectionKind::Experience);
    let jobs = "Whitlock Farrow LLP, Boston, MA\nPatent Agent, 2018 – 2021\n- Drafted claims.";
    for heading in ["Patent Practice", "Track record"] {
        let text = format!("Ana\n\nProfile\nChemist turned agent.\n\n{heading}\n\n{jobs}");
        assert_eq!(kinds(&text), [header, summary, experience], "{heading}");
    }
    // Nor an employer's name over a title and dates.
    let employer = format!("Ana\n\nProfile\nChemist.\n\nAcme Corp\n\n{jobs}");
    assert_eq!(kinds(&employer), [header, summary]);
    // A job's title over its employer is the job's, not a heading.
    let title = "Ana\n\nProfile\nChemist.\n\nSenior Engineer\n\nAcme Corp, 2018 – 2021\n- Built it.";
    assert_eq!(kinds(title), [header, summary]);
    // Without the blank line it may be the first line of a job.
    assert_eq!(kinds(&format!("Ana\n\nProfile\nChemist.\n\nPatent Practice\n{jobs}")), [header, summary]);
    assert_eq!(heading_kind("Research Career"), None, "not listed: read where it stands");
    assert_eq!(kind_of_experience_heading("Research Career"), Some(experience));
}

#[test]
fn a_heading_over_what_the_writer_made_heads_projects() {
    for heading in ["Tools I wrote", "> tools i wrote", "Things I've built", "APPS I MADE", "Things I have built:"] {
        assert_eq!(heading_kind(heading), Some(SectionKind::Projects), "{heading}");
    }
    for other in ["I wrote", "Reports written", "Wrote and built", "Everything that I have ever built"] {
        assert_eq!(heading_kind(other), None, "{other}");
    }
}

#[test]
fn a_fields_experience_after_an_ornament_heads_experience() {
    let kinds = |text: &str| split_sections(text).iter().map(|section| section.kind).collect::<Vec<_>>();
    let text =
        "Ana\n\n■ PROFILE\nLawyer.\n\n■ LEGAL EXPERIENCE\n\nAcme LLP — Milwaukee, WI\nClerk .... May 2016 – Aug 2017";
    assert_eq!(kinds(text), [SectionKind::Header, SectionKind::Summary, SectionKind::Experience]);
}

#[test]
fn a_slash_after_a_heading_sets_it_off_as_a_colon_does() {
    assert_eq!(heading_kind("Employment /"), Some(SectionKind::Experience));
    assert_eq!(heading_kind("Education /"), Some(SectionKind::Education));
    assert_eq!(heading_kind("Skills / Tools"), Some(SectionKind::Skills));
}

#[test]
fn a_section_named_in_a_margin_column_starts_at_that_line() {
    let text = "Ana Ruiz\n\nPROFILE       Microbiologist with ten years in labs.\n              I run monitoring.\n\n\
                EXPERIENCE    Senior QC Microbiologist          May 2021 – present\n\
                \x20             Portage Creek Pharmaceuticals, Kalamazoo, MI\n";
    let sections = split_sections(text);
    let kinds: Vec<SectionKind> = sections.iter().map(|section| section.kind).collect();
    assert_eq!(kinds, [SectionKind::Header, SectionKind::Summary, SectionKind::Experience]);
    assert_eq!(sections[2].lines[0].text, "Senior QC Microbiologist          May 2021 – present");
    // A table's label over rows of their own is a row, not a section.
    let table = "Ana Ruiz\n\nSKILLS\nLANGUAGES      Python, Go\nTOOLS          Docker\n";
    let kinds: Vec<SectionKind> = split_sections(table).iter().map(|section| section.kind).collect();
    assert_eq!(kinds, [SectionKind::Header, SectionKind::Skills]);
}

#[test]
fn teaching_heads_courses_taught_or_a_teachers_jobs_by_what_follows() {
    let kinds = |text: &str| split_sections(text).iter().map(|section| section.kind).collect::<Vec<_>>();
    let courses = "Ana Ruiz\n\nEXPERIENCE\nProfessor, Acme University  2019 – present\n\n\
                   TEACHING\nFW 452 Fisheries Population Dynamics (Winter 2023, 2024)\n";
    assert_eq!(kinds(courses), [SectionKind::Header, SectionKind::Experience, SectionKind::Other]);
    let jobs = "Ana Ruiz\n\nTEACHING\nGrade 4 Teacher, Lincoln Elementary   2019 – present\n- Taught.\n";
    assert_eq!(kinds(jobs), [SectionKind::Header, SectionKind::Experience]);
}

#[test]
fn a_heading_with_an_aside_longer_than_any_heading_is_the_heading() {
    assert_eq!(
        heading_kind("EMPLOYMENT (a reference is listed under each position; all have agreed to be contacted)"),
        Some(SectionKind::Experience)
    );
}
