use super::*;

#[test]
fn a_title_under_an_employer_whose_name_is_also_a_role_word_completes_it() {
    let text = "Coteau Hills Co-op, Outlook, SK      Apr 2016–Oct 2019\nAgronomist\n- Scouted fields.";
    let entries = parse(text);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].title.as_deref(), Some("Agronomist"));
    assert_eq!(entries[0].company.as_deref(), Some("Coteau Hills Co-op"));
}

#[test]
fn under_a_groups_employer_the_part_after_a_titles_comma_qualifies_it() {
    let group = "BRAMBLE & BAY HOME GOODS, INC. — Carmel, IN\n\n\
         Assistant Store Manager | 04/2022 – Current\n• Co-led the store.\n\n";
    let entries = parse(&format!("{group}Department Supervisor, Home Décor | 09/2019 – 03/2022\n• Owned décor."));
    assert_eq!(
        title_company_dates(&entries)[1],
        row("Department Supervisor, Home Décor", "BRAMBLE & BAY HOME GOODS, INC.", "2019-09", "2022-03")
    );
    // A header that names its own place names its own employer.
    let entries = parse(&format!("{group}Cashier, Corner Pantry, Fishers, IN | 2017 – 2019\n• Ran a till."));
    assert_eq!(title_company_dates(&entries)[1], row("Cashier", "Corner Pantry", "2017", "2019"));
    // Nor does it hold when the employer stood under the title above.
    let entries = parse(
        "Store Manager\nRedbud Outfitters\n2019 – 2022\n• Ran it.\n\n\
         Cashier, Corner Pantry | 2017 – 2019\n• Ran a till.",
    );
    assert_eq!(title_company_dates(&entries)[1], row("Cashier", "Corner Pantry", "2017", "2019"));
}

#[test]
fn a_year_in_brackets_after_a_title_under_a_dated_employer_is_when_the_title_changed() {
    let text = "BROADWAY BOOTS SALOON · Nashville, TN · 2017 – 2021\nBartender, then Lead Bartender (2019)\n- Poured.";
    assert_eq!(
        title_company_dates(&parse(text)),
        [row("Bartender, then Lead Bartender", "BROADWAY BOOTS SALOON", "2017", "2021")]
    );
    // Outside the range above, the year dates a job of its own.
    let text = "Head Bartender, The Copper Finch · 2017 – 2021\nBarback, Harpeth Grill (2015)\n- Stocked.";
    assert_eq!(parse(text).len(), 2);
}

#[test]
fn a_line_that_starts_with_its_year_under_a_dated_line_is_read_without_a_panic() {
    let text = "Research Fisheries Biologist, Salish Coast Fisheries Lab   2018 – present\n\
                2020–2022   North Pacific Research Board, \"Sockeye run timing\" (co-PI), $188,500\n- Ran it.";
    assert!(!parse(text).is_empty());
}

#[test]
fn a_length_of_time_after_the_dates_is_not_a_part_of_the_header() {
    let text = "Ostrander Health\nSenior Analyst\nMarch 2022 - Present (4 years 9 months)\nLed pricing.\n\n\
                Analyst\nOctober 2020 - February 2022 (1 year 5 months)\nWrote job descriptions.";
    let entries = parse(text);
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1].title.as_deref(), Some("Analyst"));
    assert_eq!(entries[1].company.as_deref(), Some("Ostrander Health"));
    assert!(is_length_of_time("(1 yr 5 mos)"));
    assert!(!is_length_of_time("Remote"));
}

const REFERENCE: YearMonth = YearMonth { year: 2026, month: 11 };

fn parse(text: &str) -> Vec<ExperienceEntry> {
    let lines: Vec<&str> = text.lines().collect();
    parse_experience(&lines, REFERENCE).entries
}

#[test]
fn a_heading_over_a_part_of_the_section_is_no_part_of_the_entry_under_it() {
    for heading in ["SHORESIDE", "Before escrow:", "Construction Background", "Before tech"] {
        let text = format!(
            "Mate, Gulf Tankers — Mobile, AL — 2019 – 2023\n- Watches.\n\n{heading}\nDeckhand, Harbor Towing, LLC — Mobile, AL — 2015 – 2018\n"
        );
        let entries = parse(&text);
        assert_eq!(entries[0].highlights, ["Watches."], "{heading}");
        assert_eq!(entries[1].title.as_deref(), Some("Deckhand"), "{heading}");
        assert_eq!(entries[1].company.as_deref(), Some("Harbor Towing, LLC"), "{heading}");
    }
    // Over a title alone, a name in capitals is the employer.
    let entries = parse("ACME FREIGHT\nDriver  2015 – 2018\n");
    assert_eq!((entries[0].title.as_deref(), entries[0].company.as_deref()), (Some("Driver"), Some("ACME FREIGHT")));
}

#[test]
fn a_label_naming_a_dated_employer_over_bullets_is_no_job_of_its_own() {
    let entries = parse(
        "Wind Technician | Prairie Gust Renewables   2020 – 2022\nLine Worker | Acme Power   2018 – 2020\n\nPrairie Gust Renewables (Wind Technician)\n- Climbed towers.\n",
    );
    assert_eq!(entries.len(), 2);
    // An undated job at an employer named nowhere else stays one.
    let entries = parse("Line Worker | Acme Power   2018 – 2020\n\nVolunteer Driver (Red Cross)\n- Drove.\n");
    assert_eq!(entries.len(), 2);
}

#[test]
fn an_employer_dated_over_its_dated_titles_is_no_job_of_its_own() {
    let entries = parse(
        "Basin & Range Water Resources, Inc., Tucson, AZ (2018–present)\n   Senior Hydrogeologist, 2022–present\n   Project Hydrogeologist, 2018–2022\n   • Modelled aquifers.\n",
    );
    let titles: Vec<_> = entries.iter().map(|entry| entry.title.as_deref()).collect();
    assert_eq!(titles, [Some("Senior Hydrogeologist"), Some("Project Hydrogeologist")]);
    assert!(entries.iter().all(|entry| entry.company.as_deref() == Some("Basin & Range Water Resources, Inc.")));
}

fn title_company_dates(entries: &[ExperienceEntry]) -> Vec<(String, String, String, String)> {
    entries
        .iter()
        .map(|entry| {
            (
                entry.title.clone().unwrap_or_default(),
                entry.company.clone().unwrap_or_default(),
                entry.start.clone().unwrap_or_default(),
                entry.end.clone().unwrap_or_default(),
            )
        })
        .collect()
}

fn row(title: &str, company: &str, start: &str, end: &str) -> (String, String, String, String) {
    (title.into(), company.into(), start.into(), end.into())
}

#[test]
fn a_form_like_header_is_read_without_its_labels_and_its_place_below_the_dates() {
    let text = "Employer:  Qorvex Mutual Insurance\nRole:      Business Analyst\nDates:     09/2020 – 04/2022\n\
                Location:  Kansas City, MO\n- Wrote user stories.\n\n\
                Analyst\n06/2018 – 08/2020\nOmaha, NE\n- Reconciled claims.";
    let entries = parse(text);
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].title.as_deref(), Some("Business Analyst"));
    assert_eq!(entries[0].company.as_deref(), Some("Qorvex Mutual Insurance"));
    assert_eq!(entries[0].location.as_deref(), Some("Kansas City, MO"));
    assert_eq!(entries[0].highlights, ["Wrote user stories."]);
    assert_eq!(entries[1].company.as_deref(), Some("Qorvex Mutual Insurance"), "a promotion, its place below");
    assert_eq!(entries[1].location.as_deref(), Some("Omaha, NE"));
}

#[test]
fn a_role_word_inside_a_hyphenated_title_makes_it_a_title_not_a_place() {
    let entries =
        parse("AUG 2010 – APR 2012 | EMT-BASIC (PART-TIME)\nQorvex Ambulance Service — Stillwater, OK\n- Calls.");
    assert_eq!(entries[0].title.as_deref(), Some("EMT-BASIC (PART-TIME)"));
    assert_eq!(entries[0].company.as_deref(), Some("Qorvex Ambulance Service"));
    assert_eq!(entries[0].location.as_deref(), Some("Stillwater, OK"));
}

#[test]
fn without_a_role_word_the_part_with_a_company_word_is_the_company_wherever_it_is() {
    let entries = parse(
        "Lakeshore Qorvex LLP                          Milwaukee, WI\n\
         Tax Senior                              September 2021 – Present\n- Prepared returns.",
    );
    assert_eq!(entries[0].title.as_deref(), Some("Tax Senior"));
    assert_eq!(entries[0].company.as_deref(), Some("Lakeshore Qorvex LLP"));
}

#[test]
fn a_company_abbreviation_ending_the_header_is_not_a_sentences_full_stop() {
    let entries = parse(
        "Claims Representative — Bluebonnet Auto Insurance Co.\nAustin, TX | Jun 2014 – Apr 2016\n- Handled claims.",
    );
    assert_eq!(
        title_company_dates(&entries),
        [row("Claims Representative", "Bluebonnet Auto Insurance Co.", "2014-06", "2016-04")]
    );
}

#[test]
fn a_wide_gap_separates_the_employer_from_the_place() {
    let entries = parse(
        "Tidewater Payments                     Portland, OR\n\
         Senior Site Reliability Engineer       2020-01 — present\n  - Run clusters.",
    );
    assert_eq!(
        title_company_dates(&entries),
        [row("Senior Site Reliability Engineer", "Tidewater Payments", "2020-01", "present")]
    );
    assert_eq!(entries[0].location.as_deref(), Some("Portland, OR"));
}

#[test]
fn the_line_under_a_dated_header_completes_it() {
    let employer_then_title =
        parse("Riverbend 3PL Services, Olive Branch, MS (Mar 2021 – Now)\nLogistics Coordinator\n  > Plan loads.");
    assert_eq!(
        title_company_dates(&employer_then_title),
        [row("Logistics Coordinator", "Riverbend 3PL Services", "2021-03", "present")]
    );
    let title_then_employer = parse(
        "Senior Financial Analyst, FP&A      Jan 2022 – Present\nHalvorsen Brands, Inc. — New York, NY\n  • Own the forecast.",
    );
    assert_eq!(
        title_company_dates(&title_then_employer),
        [row("Senior Financial Analyst, FP&A", "Halvorsen Brands, Inc.", "2022-01", "present")]
    );
    // A plain line of work under a complete header stays a highlight.
    let highlight = parse("Analyst — Acme Corp      Jan 2022 – Present\nBuilt the forecast model");
    assert_eq!(title_company_dates(&highlight), [row("Analyst", "Acme Corp", "2022-01", "present")]);
    assert_eq!(highlight[0].highlights, ["Built the forecast model"]);
}

#[test]
fn a_title_keeps_its_closing_bracket_before_the_dates() {
    let entries = parse("Snake Bend Materials Testing | Nampa, ID\nField Technician (Co-op) | 01/2013 - 08/2013");
    assert_eq!(entries[0].title.as_deref(), Some("Field Technician (Co-op)"));
}

#[test]
fn an_employer_a_blank_line_above_its_titles_employs_each() {
    let entries = parse(
        "Granite Peak Builders Inc. — Pocatello, ID\n\n  Project Manager          Mar. 2017 to Present\n  \
         - Ran two schools.\n\n  Project Engineer         May 2014 to Feb. 2017\n  - Did takeoffs.",
    );
    assert_eq!(
        title_company_dates(&entries),
        [
            row("Project Manager", "Granite Peak Builders Inc.", "2017-03", "present"),
            row("Project Engineer", "Granite Peak Builders Inc.", "2014-05", "2017-02"),
        ]
    );
}

#[test]
fn a_titles_qualifier_after_its_dash_holds_down_the_section_once_an_employer_line_shows_it() {
    let entries = parse(
        "Delta Confluence Analytical Laboratories\n\
         Laboratory Technician II — Metals      05/2019 - Present\nSacramento, CA\n- Ran ICP-MS.\n\n\
         Laboratory Technician I — Wet Chemistry      08/2017 - 04/2019\nSacramento, CA\n- Ran titrations.",
    );
    assert_eq!(
        title_company_dates(&entries),
        [
            row("Laboratory Technician II — Metals", "Delta Confluence Analytical Laboratories", "2019-05", "present"),
            row(
                "Laboratory Technician I — Wet Chemistry",
                "Delta Confluence Analytical Laboratories",
                "2017-08",
                "2019-04"
            ),
        ]
    );
    // Without an entry above that wrote its title so, the part after the
    // dash is the employer, as in most resumes.
    let entries = parse("Software Engineer — Bergen Telecom      2019 - 2021\n- Built billing.");
    assert_eq!(title_company_dates(&entries), [row("Software Engineer", "Bergen Telecom", "2019", "2021")]);
}

#[test]
fn a_title_alone_under_an_entry_is_a_promotion_at_the_same_employer() {
    let entries = parse(
        "Lumora Analytics — San Francisco, CA\n\
         Senior Customer Success Manager · Jan 2023 – Present\n  - Own accounts.\n\n\
         Customer Success Manager · Sept 2020 – Dec 2022\n  - Managed accounts.\n\n\
         Freelance Consultant · 2018 – 2020\n  - Advised startups.",
    );
    assert_eq!(
        title_company_dates(&entries),
        [
            row("Senior Customer Success Manager", "Lumora Analytics", "2023-01", "present"),
            row("Customer Success Manager", "Lumora Analytics", "2020-09", "2022-12"),
            row("Freelance Consultant", "", "2018", "2020"),
        ]
    );
}

fn title_and_company(entry: &ExperienceEntry) -> (Option<&str>, Option<&str>) {
    (entry.title.as_deref(), entry.company.as_deref())
}

#[test]
fn reads_each_title_company_separator() {
    for line in [
        "Senior Engineer — Acme Corp",
        "Senior Engineer at Acme Corp",
        "Senior Engineer, Acme Corp",
        "Senior Engineer | Acme Corp",
    ] {
        let entries = parse(&format!("{line}\nJan 2019 – Present"));
        assert_eq!(entries.len(), 1, "{line}");
        assert_eq!(title_and_company(&entries[0]), (Some("Senior Engineer"), Some("Acme Corp")), "{line}");
        assert_eq!(entries[0].duration_months, Some(95), "{line}");
    }
}

#[test]
fn reads_dates_on_the_header_line_in_brackets_or_after_a_separator() {
    let entries = parse("Senior Engineer — Acme Corp (Jan 2019 – Present)\nEngineer | Beta Ltd | 2015–2018");
    assert_eq!(entries.len(), 2);
    assert_eq!(title_and_company(&entries[0]), (Some("Senior Engineer"), Some("Acme Corp")));
    assert_eq!(entries[0].start.as_deref(), Some("2019-01"));
    assert_eq!(entries[0].end.as_deref(), Some("present"));
    assert_eq!(title_and_company(&entries[1]), (Some("Engineer"), Some("Beta Ltd")));
    assert_eq!(entries[1].duration_months, Some(36));
}

#[test]
fn bullets_become_highlights_of_the_entry_above() {
    let entries =
        parse("Engineer at Acme\n2019 - 2023\n- Built the billing system\n• Cut latency 40%\n* Mentored two juniors");
    assert_eq!(entries[0].highlights, ["Built the billing system", "Cut latency 40%", "Mentored two juniors"]);
}

#[test]
fn description_line_with_a_comma_is_a_highlight_not_an_entry() {
    let entries =
        parse("Engineer at Acme\n2019 - 2023\nLed payments, search and billing.\n\nManager, Beta\n2023 - Present");
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].highlights, ["Led payments, search and billing."]);
    assert_eq!(title_and_company(&entries[1]), (Some("Manager"), Some("Beta")));
}

#[test]
fn date_line_with_a_location_still_belongs_to_the_entry_above() {
    let entries = parse("Engineer — Acme\nLondon | 03/2018 - 06/2021");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].duration_months, Some(40));
}

#[test]
fn dates_first_line_reads_the_header_after_the_dates() {
    let entries = parse("2019 - 2023: Engineer at Acme");
    assert_eq!(title_and_company(&entries[0]), (Some("Engineer"), Some("Acme")));
}

#[test]
fn company_on_its_own_line_under_the_title() {
    let entries = parse("Senior Engineer\nAcme Corp\nJan 2019 - Dec 2019\nEngineer\nBeta\n2015 - 2018");
    assert_eq!(entries.len(), 2);
    assert_eq!(title_and_company(&entries[0]), (Some("Senior Engineer"), Some("Acme Corp")));
    assert_eq!(title_and_company(&entries[1]), (Some("Engineer"), Some("Beta")));
    assert_eq!(entries[1].duration_months, Some(36));
}

#[test]
fn a_bullet_wrapped_over_lines_is_one_highlight() {
    let entries = parse(
        "Designer — Wisła Creative\nSep 2020 – Present\n• Built identity systems and design\nsystems in Figma.\n\
         • Won two awards.\nLed the studio's hiring.",
    );
    assert_eq!(
        entries[0].highlights,
        ["Built identity systems and design systems in Figma.", "Won two awards.", "Led the studio's hiring."]
    );
}

#[test]
fn a_bullet_with_a_date_is_a_highlight_not_an_entry() {
    let entries = parse("Engineer — Acme\nJan 2019 – Present\n- Launched the app in 2020\n- Ran 2019-2021 migration");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].highlights, ["Launched the app in 2020", "Ran 2019-2021 migration"]);
}

#[test]
fn an_undated_role_line_followed_by_bullets_is_an_entry() {
    let entries = parse("Engineer — Acme\nJan 2019 – Present\n- Built it\n\nWarehouse Associate | Lone Star Fulfillment | Houston, TX\n- Picked orders");
    assert_eq!(entries.len(), 2);
    assert_eq!(title_and_company(&entries[1]), (Some("Warehouse Associate"), Some("Lone Star Fulfillment")));
    assert_eq!(entries[1].start, None);
    assert_eq!(entries[0].highlights, ["Built it"]);
}

#[test]
fn an_undated_role_line_over_its_employers_line_and_bullets_is_one_entry() {
    let text = "Stage Manager\nMillbrook Theatre · Providence, RI · Aug 2021 – present\n- Called cues\n\n\
                Stage Manager (summer seasons)\nHarborlight Theatre · Newport, RI\n- Ran the crew\n\n\
                Assistant Stage Manager\nNarragansett Opera · Providence, RI · 2017 – 2021\n- Tracked props";
    let entries = parse(text);
    assert_eq!(entries.len(), 3);
    assert_eq!(title_and_company(&entries[1]), (Some("Stage Manager (summer seasons)"), Some("Harborlight Theatre")));
    assert_eq!((entries[1].start.as_deref(), entries[1].location.as_deref()), (None, Some("Newport, RI")));
    assert_eq!(entries[0].highlights, ["Called cues"]);
    assert_eq!(entries[1].highlights, ["Ran the crew"]);
    // A second role line is no employer: each stays an entry of its own or a highlight.
    let two_roles = parse("Engineer — Acme\nJan 2019 – Present\n- Built it\n\nShift Lead\nCashier\n- Counted tills");
    assert!(two_roles.iter().all(|entry| entry.company.as_deref() != Some("Cashier")));
}

#[test]
fn a_part_after_a_comma_that_repeats_the_qualifier_of_the_title_above_qualifies_this_title_too() {
    let text = "KESSLER WHITCOMB LLP      Chicago, IL\n\
                Manager, Forensic & Litigation Consulting      Jul 2016 – Mar 2019\n\
                Senior Associate, Forensic & Litigation Consulting      Sep 2014 – Jun 2016\n\
                Audit Associate      Sep 2012 – Aug 2014\n- Audits";
    let entries = parse(text);
    let parts: Vec<_> = entries.iter().map(title_and_company).collect();
    assert_eq!(
        parts,
        [
            (Some("Manager, Forensic & Litigation Consulting"), Some("KESSLER WHITCOMB LLP")),
            (Some("Senior Associate, Forensic & Litigation Consulting"), Some("KESSLER WHITCOMB LLP")),
            (Some("Audit Associate"), Some("KESSLER WHITCOMB LLP")),
        ]
    );
    // A different part after the comma is still an employer of its own.
    let other =
        parse("Manager, Forensic Accounting at Acme\nJan 2019 – 2020\n\nAnalyst, Birch Consulting\n2017 – 2018");
    assert_eq!(title_and_company(&other[1]), (Some("Analyst"), Some("Birch Consulting")));
}

#[test]
fn a_leader_of_dots_running_to_the_dates_is_no_part_of_the_header() {
    let entries = parse(
        "Code Enforcement Officer II, City of Narrows Point, Narrows Point, WA .... 2022 - present\n\
         Field Clerk, Acme Co. 2019 - 2022",
    );
    let parts: Vec<_> = entries.iter().map(title_and_company).collect();
    assert_eq!(
        parts,
        [(Some("Code Enforcement Officer II"), Some("City of Narrows Point")), (Some("Field Clerk"), Some("Acme Co."))]
    );
    assert_eq!(entries[0].location.as_deref(), Some("Narrows Point, WA"));
}

#[test]
fn entry_without_dates_has_no_duration() {
    let entries = parse("Volunteer — Food Bank\n- Sorted donations");
    assert_eq!(entries[0].duration_months, None);
    assert_eq!(entries[0].highlights, ["Sorted donations"]);
}

#[test]
fn total_counts_overlapping_jobs_once() {
    let lines = ["A at B", "Jan 2019 - Dec 2020", "C at D", "Jan 2020 - Dec 2021", "E at F (2010 - 2011)"];
    assert_eq!(parse_experience(&lines, REFERENCE).total_months, Some(48));
    assert_eq!(parse_experience(&["Engineer at Acme"], REFERENCE).total_months, None);
}

#[test]
fn a_ships_mate_under_the_employers_line_is_the_title() {
    let entries = parse("SOUTHERN CROSS MARINE TRANSPORT - Houston, TX\nMate (Steersman), coastwise tug and barge      FEB 2012 - MAY 2015\n  - Wheelhouse watches.");
    assert_eq!(
        title_and_company(&entries[0]),
        (Some("Mate (Steersman), coastwise tug and barge"), Some("SOUTHERN CROSS MARINE TRANSPORT"))
    );
}

#[test]
fn a_label_repeating_a_dated_rows_title_and_employer_over_bullets_is_no_job_of_its_own() {
    let text = "03/2023 – present   Third Mate        M/T Coastal Heron    Gulfstar Tankers, LLC\n\n\
                Third Mate, Gulfstar Tankers (28 on / 28 off)\n  - Navigational watch.";
    let entries = parse(text);
    assert_eq!(entries.len(), 1, "the label starts no job");
    assert_eq!(title_and_company(&entries[0]), (Some("Third Mate"), Some("Gulfstar Tankers, LLC")));
}

#[test]
fn a_british_employer_line_with_its_town_heads_the_titles_under_it() {
    let text = "Minster Stoneyard Ltd, York\n\
                Senior Banker Mason                    Sept 2019 – present\n • Worked tracery.\n\n\
                Pennine Conservation Masonry, Hexham, Northumberland\n\
                Fixer Mason (contract)                 03/02/2014 – 24/06/2016\n • Lime pointing.";
    assert_eq!(
        title_company_dates(&parse(text)),
        [
            row("Senior Banker Mason", "Minster Stoneyard Ltd", "2019-09", "present"),
            row("Fixer Mason (contract)", "Pennine Conservation Masonry", "2014-02", "2016-06"),
        ]
    );
}

#[test]
fn a_block_of_whole_headers_without_dates_lists_one_job_a_line() {
    let text = "Fleet Manager, Alamo Beverage, San Antonio, TX   2020 – present\n- Ran the fleet.\n\n\
                Shop Foreman, Waco Truck & Trailer Repair, Waco, TX\n\
                Lube Technician, Big Country Lube Express, Abilene, TX";
    let entries = parse(text);
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[2].title.as_deref(), Some("Lube Technician"));
    assert_eq!(entries[2].company.as_deref(), Some("Big Country Lube Express"));
    assert_eq!(entries[2].start, None);
    // A line of prose in such a block keeps the block from being jobs.
    let text = "Shop Foreman, Waco Truck & Trailer Repair, Waco, TX\nThen I moved to Austin for family reasons.";
    assert!(parse(text).is_empty());
}

#[test]
fn a_stores_number_and_the_word_store_are_no_part_of_the_employer() {
    let text = "HARVEST HILL FOODS, Store #112 – Wichita, KS\n\
                \x20  Bakery/Deli Department Manager                       Oct 2020 – current position\n\
                \x20  - Ran a $2.4M bakery.\n";
    assert_eq!(
        title_company_dates(&parse(text)),
        [row("Bakery/Deli Department Manager", "HARVEST HILL FOODS", "2020-10", "present")]
    );
}

#[test]
fn a_job_written_as_a_sentence_after_its_dates_is_read_as_a_header() {
    let text = "2020 to present. Director of Development, Narragansett Bay Food Bank, Providence, RI.\n\
                I lead a five-person team that raises $6.8 million a year from individuals, foundations,\n\
                corporations and events.\n\n\
                2016 to 2020. Major Gifts Officer, Blackstone Valley Arts Council, Pawtucket, RI.\n\
                I managed 85 donors.";
    assert_eq!(
        title_company_dates(&parse(text)),
        [
            row("Director of Development", "Narragansett Bay Food Bank", "2020", "present"),
            row("Major Gifts Officer", "Blackstone Valley Arts Council", "2016", "2020"),
        ]
    );
}

#[test]
fn a_career_break_dated_as_a_job_is_none() {
    let text = "HR Coordinator — Acme Foods, Omaha, NE\nSeptember 2020 – Present\n- Ran onboarding.\n\n\
                Career break — full-time caregiver for a family member\nJune 2019 – September 2020\n";
    assert_eq!(title_company_dates(&parse(text)), [row("HR Coordinator", "Acme Foods", "2020-09", "present")]);
    let gap = "ESL Instructor, Desert Bloom Literacy Project          Aug 2022 – Present\n- Taught adults.\n\n\
               Gap year                                             Jul 2021 – Jul 2022\n\
               Cared for a parent after surgery.\n";
    assert_eq!(
        title_company_dates(&parse(gap)),
        [row("ESL Instructor", "Desert Bloom Literacy Project", "2022-08", "present")]
    );
}

#[test]
fn a_header_ending_in_a_legal_form_with_its_full_stops_is_no_sentence() {
    let text =
        "Senior Associate Attorney — Gulf Coast Injury Law Group, P.A.\nTampa, FL · 2019 – Present\n• Ran cases.";
    assert_eq!(
        title_company_dates(&parse(text)),
        [row("Senior Associate Attorney", "Gulf Coast Injury Law Group, P.A.", "2019", "present")]
    );
}

#[test]
fn a_title_one_blank_line_under_a_dated_employer_line_is_its_title() {
    let text = "BLUE RIVER COUNTY PUBLIC WORKS — Independence, MO                    Jul 2013 – May 2016\n\n\
                Engineer I, Traffic Division\n\
                - Collected turning movement counts and speed studies.\n";
    assert_eq!(
        title_company_dates(&parse(text)),
        [row("Engineer I, Traffic Division", "BLUE RIVER COUNTY PUBLIC WORKS", "2013-07", "2016-05")]
    );
}

#[test]
fn staff_names_a_post_and_a_camp_or_ranch_an_employer() {
    let text = "LAUREL RIDGE FAMILY CAMP, Pocono Pines, PA\nWaterfront Staff | Summer 2015\nLifeguard | Summer 2014\n";
    assert_eq!(
        title_company_dates(&parse(text)),
        [
            row("Waterfront Staff", "LAUREL RIDGE FAMILY CAMP", "2015-06", "2015-06"),
            row("Lifeguard", "LAUREL RIDGE FAMILY CAMP", "2014-06", "2014-06"),
        ]
    );
}

#[test]
fn a_title_and_its_place_under_a_line_that_names_only_the_employer_complete_it() {
    let text = "Treasure Valley Design-Build          Feb 2020 – Present\n\
                Senior Kitchen & Bath Designer · Boise, ID\n• Led design.";
    let entries = parse(text);
    assert_eq!(
        title_company_dates(&entries),
        [row("Senior Kitchen & Bath Designer", "Treasure Valley Design-Build", "2020-02", "present")]
    );
    assert_eq!(entries[0].location.as_deref(), Some("Boise, ID"));
}

#[test]
fn a_locksmith_is_a_post_and_smith_alone_a_surname() {
    let text = "Locksmith          May 2016 – February 2019\nHill Country Lock & Key, Austin, TX\n• Rekeyed.";
    assert_eq!(title_company_dates(&parse(text)), [row("Locksmith", "Hill Country Lock & Key", "2016-05", "2019-02")]);
    assert!(!crate::engine::entry_words::is_role_word("smith"));
}

#[test]
fn a_line_under_a_dated_title_that_runs_on_in_lower_case_is_a_highlight_not_the_employer() {
    let text = "Piedmont Foods, Inc. — Charlotte, NC\nSenior Accountant | 01/2022 – Present\nLed the close.\n\
                Staff Accountant | 03/2019 – 12/2021\n\
                General ledger reconciliations, bank reconciliations and monthly variance analysis\n\
                for the plant cost centers.";
    let entries = parse(text);
    assert_eq!(entries[1].title.as_deref(), Some("Staff Accountant"));
    assert_ne!(
        entries[1].company.as_deref(),
        Some("General ledger reconciliations, bank reconciliations and monthly variance analysis")
    );
}

#[test]
fn professional_names_a_post_under_an_employer_with_its_place() {
    let text =
        "Bluegrass Pathways Community Living, Louisville, KY\n  09/2024 – Present    Direct Support Professional II\n\
                  06/2023 – 08/2024    Direct Support Professional I\n- Supported four residents.";
    assert_eq!(
        title_company_dates(&parse(text)),
        [
            row("Direct Support Professional II", "Bluegrass Pathways Community Living", "2024-09", "present"),
            row("Direct Support Professional I", "Bluegrass Pathways Community Living", "2023-06", "2024-08"),
        ]
    );
}

#[test]
fn a_range_wrapped_after_its_start_by_a_narrow_column_is_one_range() {
    let text = "Evergreen Commercial Landscapes, Clovis, CA   March 2022\n- May 2023\nIrrigation Helper\n\
                • Repaired PVC mainline breaks.";
    assert_eq!(
        title_company_dates(&parse(text)),
        [row("Irrigation Helper", "Evergreen Commercial Landscapes", "2022-03", "2023-05")]
    );
    // A bullet that starts with a date under a dated line is still a bullet.
    let text = "Irrigation Helper, Evergreen Landscapes   March 2022 – May 2023\n- 2023 audit passed\n";
    assert_eq!(parse(text)[0].highlights, ["2023 audit passed"]);
    assert!(!ends_a_wrapped_range("Kings River College, 2022", "- Certificate in Irrigation Technology", false));
}

#[test]
fn an_employer_wrapped_after_a_joining_word_by_a_narrow_column_is_one_name() {
    let text = "Deputy Director, Miami Valley County Board of\nElections, Dayton, OH (2019 - Present)\n\
                I run day-to-day operations.";
    let entries = parse(text);
    assert_eq!(
        title_company_dates(&entries),
        [row("Deputy Director", "Miami Valley County Board of Elections", "2019", "present")]
    );
    assert_eq!(entries[0].location.as_deref(), Some("Dayton, OH"));
    // The same lines under the dates.
    let text = "2019 - Present\nDeputy Director, Miami Valley County Board of\nElections, Dayton, OH\n- Ran it.";
    assert_eq!(parse(text)[0].company.as_deref(), Some("Miami Valley County Board of Elections"));
}

#[test]
fn dates_pushed_beside_the_first_line_of_a_highlight_date_the_title_above() {
    let text = "Gulf Coast Shipbuilding — Mobile, AL\nOccupational Health Nurse Supervisor\n\
                Run the on-site clinic for 3,200   Feb 2023 – Present\nworkers with two RNs and an EMT.\n\
                Keep the OSHA 300 log.";
    let entries = parse(text);
    assert_eq!(
        title_company_dates(&entries),
        [row("Occupational Health Nurse Supervisor", "Gulf Coast Shipbuilding", "2023-02", "present")]
    );
    assert_eq!(
        entries[0].highlights,
        ["Run the on-site clinic for 3,200 workers with two RNs and an EMT.", "Keep the OSHA 300 log."]
    );
    let text =
        "Owner / Farrier — Halversen Hoof Care, Ocala, FL\nTrim and shoe 20 to 25 horses a day, 2018 – Present\n\
                hot and cold shoeing; hunters, jumpers, dressage.";
    assert_eq!(title_company_dates(&parse(text)), [row("Owner / Farrier", "Halversen Hoof Care", "2018", "present")]);
    // A header in sentence case on the dated line stays the header.
    let text = "Staff Nurse\nIntensive care unit, Mercy Hospital   2019 – 2021\ncared for six patients a shift.";
    let entries = parse(text);
    assert!(entries[0].company.as_deref().is_some_and(|company| company.ends_with("Mercy Hospital")));
    assert_eq!(entries[0].highlights, ["cared for six patients a shift."]);
}

#[test]
fn an_aside_wrapped_under_a_dated_title_is_the_titles_end() {
    let text = "Fresno Fresh Produce, Fresno, CA\nField Crew Member | May 2020 - February 2022\n(seasonal)\n\
                Harvest and packing crews.";
    let entries = parse(text);
    assert_eq!(
        title_company_dates(&entries),
        [row("Field Crew Member (seasonal)", "Fresno Fresh Produce", "2020-05", "2022-02")]
    );
    assert_eq!(entries[0].highlights, ["Harvest and packing crews."]);
    // More than an aside is a highlight.
    let text =
        "Field Crew Member, Fresno Fresh Produce | 2020 - 2022\n(see references) Drove a tractor for bin hauling.";
    assert_eq!(parse(text)[0].highlights.len(), 1);
}

#[test]
fn a_header_wrapped_before_a_word_that_joins_a_name_is_one_line() {
    let text = "Revenue Tax Examiner III, Ohio Valley State Department\nof Taxation | 2022–present\nColumbus, OH\n\
                • Examine sales and use tax returns.";
    assert_eq!(
        title_company_dates(&parse(text)),
        [row("Revenue Tax Examiner III", "Ohio Valley State Department of Taxation", "2022", "present")]
    );
    // A bullet's wrap that starts with `of` is still the bullet's.
    let text = "Tax Examiner, Ohio Department of Taxation | 2018 – 2022\n• Reviewed returns\nof 40 firms in 2019–2020";
    assert_eq!(parse(text).len(), 1);
}
